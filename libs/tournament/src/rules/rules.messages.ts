import type { Notice } from '../notifications/notices';

/** The notice of a new version of the rules (SPEC 6): in the inbox, by e-mail and push as the player chose. */
export function rulesChangedNotice(v: { version: number; summary: string }): Notice {
  return {
    kind: 'rules.changed',
    title: `The rules have changed (version ${v.version})`,
    body: `What changed: ${v.summary}\n\nRead and accept the new rules the next time you sign in; you need to before you register for a challenge or sit at a table.`,
    es: {
      title: `Las reglas han cambiado (versión ${v.version})`,
      body: `Qué cambió: ${v.summary}\n\nLee y acepta las nuevas reglas la próxima vez que entres; lo necesitas antes de inscribirte en un desafío o sentarte a una mesa.`,
    },
    data: { version: v.version },
  };
}

export const rulesDedupeKey = (version: number) => `rules:${version}`;
