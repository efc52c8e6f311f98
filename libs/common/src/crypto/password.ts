import { Algorithm, hash, verify } from '@node-rs/argon2';

/**
 * Password hashing: Argon2id in the PHC string format (`$argon2id$v=19$m=…`), so every hash stored
 * before (node-argon2, the same format and parameters) still verifies. Parameters: 64 MiB, 3 passes,
 * 4 lanes (node-argon2's defaults, which the platform used until its prebuilt binary stopped loading).
 */
const OPTIONS = { algorithm: Algorithm.Argon2id, memoryCost: 65_536, timeCost: 3, parallelism: 4 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, OPTIONS);

/** False for a wrong password and for a malformed stored hash (never throws). */
export const verifyPassword = (stored: string, password: string): Promise<boolean> => verify(stored, password).catch(() => false);
