import type { Refund, RefundTimelineEntry } from '../generated/prisma/client.js';

/** A stored refund with its timeline, oldest entry first. */
export type RefundRow = Refund & { timeline: RefundTimelineEntry[] };
