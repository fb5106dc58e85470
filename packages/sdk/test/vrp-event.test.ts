import type { EventType, VrpEvent } from '@vrp/sdk';
import type { EventType as VerifiedEventType, VrpEvent as VerifiedEvent } from '@vrp/webhook-verify';
import { describe, expectTypeOf, it } from 'vitest';

describe('the SDK’s event types', () => {
  it('are the very union the verification package returns, discriminated by event_type', () => {
    expectTypeOf<VrpEvent>().toEqualTypeOf<VerifiedEvent>();
    expectTypeOf<EventType>().toEqualTypeOf<VerifiedEventType>();
    expectTypeOf<Extract<VrpEvent, { event_type: 'refund.created' }>['data']['payment_id']>().toEqualTypeOf<string>();
    expectTypeOf<Extract<VrpEvent, { event_type: 'export.completed' }>['data']['download_url']>().toEqualTypeOf<string | null>();
    expectTypeOf<Extract<VrpEvent, { event_type: 'export.completed' }>['data']['row_count']>().toEqualTypeOf<number>();
  });
});
