/**
 * Per-game analysis for the anti-cheat signals: features.ts (what is measured), valuation.ts
 * (how plays are valued) and analyze-game.ts (the replay that measures them).
 */
export {
  ANALYSIS_VERSION,
  ANALYZE_DEFAULTS,
  type AnalyzeInput,
  type AnalyzeOptions,
  type GameAnalysis,
  type PairFeatures,
  type SeatFeatures,
} from './features';
export { analyzeGame, placesFromScores } from './analyze-game';
export { analyzeGameGeneric, GENERIC_SKIPPED } from './analyze-generic';
