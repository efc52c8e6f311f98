/**
 * Every BullMQ queue, job name and payload of the platform, in one place.
 * Job ids are deterministic so that adding a job twice is a no-op.
 */
export const QUEUES = {
  maintenance: 'maintenance',
} as const;

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

export const JOBS = {
  maintenanceSweep: 'maintenance-sweep',
} as const;

/** Payload of the periodic maintenance sweep: lifts expired suspensions. */
export interface MaintenanceSweepPayload {
  /** ISO time the sweep was requested for; the sweep acts "as of" this instant. */
  requestedAt?: string;
}

export interface JobPayloads {
  [JOBS.maintenanceSweep]: MaintenanceSweepPayload;
}

export const MAINTENANCE_SCHEDULER_ID = 'maintenance-sweep';
