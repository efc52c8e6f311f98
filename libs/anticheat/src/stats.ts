/**
 * Small statistics helpers of the detectors (no dependencies): one-sided
 * z-scores of binomial and Poisson-binomial counts, and the normal tail.
 */

/** Upper tail P(Z ≥ z) of the standard normal (Abramowitz-Stegun 26.2.17, |error| < 7.5e-8). */
export function normalTail(z: number): number {
  if (z < 0) return 1 - normalTail(-z);
  const t = 1 / (1 + 0.2316419 * z);
  const d = 0.3989422804014327 * Math.exp((-z * z) / 2);
  const poly = t * (0.31938153 + t * (-0.356563782 + t * (1.781477937 + t * (-1.821255978 + t * 1.330274429))));
  return d * poly;
}

/**
 * One-sided z of `k` successes in `n` trials against the rate `p0`
 * (normal approximation of the binomial; 0 when n = 0 or p0 is 0 or 1).
 */
export function binomialZ(k: number, n: number, p0: number): number {
  if (n <= 0 || p0 <= 0 || p0 >= 1) return 0;
  return (k - n * p0) / Math.sqrt(n * p0 * (1 - p0));
}

/** z of an observed count against a Poisson-binomial expectation (sum of p) and variance (sum of p(1-p)). */
export function poissonBinomialZ(observed: number, expected: number, variance: number): number {
  if (variance <= 0) return 0;
  return (observed - expected) / Math.sqrt(variance);
}

/** z of a mean of `n` draws against a population mean and standard deviation. */
export function meanZ(sum: number, n: number, mu: number, sigma: number): number {
  if (n <= 0 || sigma <= 0) return 0;
  return (sum / n - mu) / (sigma / Math.sqrt(n));
}

/** Sample standard deviation from a count, a sum and a sum of squares (0 below two values). */
export function sdFromSums(n: number, sum: number, sumSq: number): number {
  if (n < 2) return 0;
  const v = (sumSq - (sum * sum) / n) / (n - 1);
  return v > 0 ? Math.sqrt(v) : 0;
}

/** Quantile (0..1) of a list of numbers, linear interpolation; NaN for an empty list. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return NaN;
  const s = values.slice().sort((a, b) => a - b);
  const pos = (s.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return s[lo] + (s[hi] - s[lo]) * (pos - lo);
}

/** Inverse of the standard normal CDF (Acklam's rational approximation, relative error < 1.2e-9). */
export function normalQuantile(p: number): number {
  if (p <= 0) return -Infinity;
  if (p >= 1) return Infinity;
  const a = [-39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716, 2.506628277459239];
  const b = [-54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572];
  const c = [-0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783];
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
  const lo = 0.02425;
  if (p < lo) {
    const q = Math.sqrt(-2 * Math.log(p));
    return (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
  }
  if (p > 1 - lo) return -normalQuantile(1 - p);
  const q = p - 0.5;
  const r = q * q;
  return ((((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q) / (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
}

/** P(X ≥ k) for X ~ Poisson(lambda), summed exactly (in log space). */
export function poissonUpperTail(k: number, lambda: number): number {
  if (k <= 0) return 1;
  if (lambda <= 0) return 0;
  // P(X ≤ k-1) = Σ_{i<k} e^-λ λ^i / i!
  let term = Math.exp(-lambda);
  let cdf = term;
  for (let i = 1; i < k; i++) {
    term *= lambda / i;
    cdf += term;
  }
  if (cdf < 0.999) return Math.max(0, 1 - cdf);
  // far tail: sum the upper terms directly for precision
  let t = Math.exp(-lambda + k * Math.log(lambda) - logFactorial(k));
  let tail = 0;
  for (let i = k; i < k + 1000 && t > tail * 1e-16; i++) {
    tail += t;
    t *= lambda / (i + 1);
  }
  return tail;
}

function logFactorial(n: number): number {
  let s = 0;
  for (let i = 2; i <= n; i++) s += Math.log(i);
  return s;
}

/**
 * z of a rare count: `k` events where `n` trials at rate `p0` expect n·p0, from the
 * exact Poisson tail (the normal approximation of the binomial overstates rare counts:
 * 4 events where 0.4 are expected is p ≈ 8e-4, not z = 5.5). Capped at ±8.
 */
export function rareCountZ(k: number, n: number, p0: number): number {
  if (n <= 0 || p0 <= 0) return 0;
  const tail = poissonUpperTail(k, n * p0);
  if (tail >= 0.5) return Math.max(-8, binomialZ(k, n, p0));
  return Math.min(8, -normalQuantile(tail));
}

/** P(X ≥ k) for X ~ Binomial(n, p), summed exactly (in log space). */
export function binomialUpperTail(k: number, n: number, p: number): number {
  if (k <= 0) return 1;
  if (k > n || p <= 0) return 0;
  if (p >= 1) return 1;
  const lp = Math.log(p);
  const lq = Math.log(1 - p);
  let tail = 0;
  for (let i = k; i <= n; i++) tail += Math.exp(logFactorial(n) - logFactorial(i) - logFactorial(n - i) + i * lp + (n - i) * lq);
  return Math.min(1, tail);
}

/** z of `k` successes in `n` trials at rate `p0` from the exact binomial tail (capped at ±8; the normal z when the tail is ≥ 0.5). */
export function binomialTailZ(k: number, n: number, p0: number): number {
  if (n <= 0 || p0 <= 0 || p0 >= 1) return 0;
  const tail = binomialUpperTail(k, n, p0);
  if (tail >= 0.5) return Math.max(-8, binomialZ(k, n, p0));
  return Math.min(8, -normalQuantile(tail));
}
