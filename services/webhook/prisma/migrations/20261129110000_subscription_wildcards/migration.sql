-- Whether an endpoint's enabled_events takes an event type: empty (every event), the type itself,
-- '*', or its resource's wildcard ('payment.*' takes 'payment.settled'). The one definition the
-- recording and the replay statements share (domain/event-subscription.ts says the same for Prisma).
CREATE FUNCTION webhook.subscribes(enabled_events text[], event_type text) RETURNS boolean
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN cardinality(enabled_events) = 0
      OR enabled_events && ARRAY[event_type, '*', split_part(event_type, '.', 1) || '.*'];
