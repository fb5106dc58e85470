/* @name EnqueueNotifications */
INSERT INTO model_bank.event_notifications (id, client_id, url, claims, interaction_id)
SELECT * FROM unnest(:ids!::text[], :clientIds!::text[], :urls!::text[], :claims!::jsonb[], :interactionIds!::text[]);

/* @name TakeDue */
UPDATE model_bank.event_notifications n
   SET attempts = n.attempts + 1, next_attempt_at = now() + make_interval(secs => :leaseMs! / 1000.0)
 WHERE n.id IN (
   SELECT id FROM model_bank.event_notifications
    WHERE delivered_at IS NULL AND next_attempt_at <= now() AND created_at > now() - make_interval(secs => :giveUpAfterMs! / 1000.0)
    ORDER BY next_attempt_at LIMIT :limit! FOR UPDATE SKIP LOCKED)
RETURNING n.id, n.client_id AS "clientId", n.url, n.claims, n.interaction_id AS "interactionId", n.attempts;

/* @name MarkDelivered */
UPDATE model_bank.event_notifications SET delivered_at = now(), last_error = NULL WHERE id = :id!;

/* @name MarkFailed */
UPDATE model_bank.event_notifications SET last_error = :error!, next_attempt_at = now() + make_interval(secs => :retryInMs! / 1000.0)
 WHERE id = :id!;

/* @name UndeliveredCount */
SELECT count(*)::int AS "n!" FROM model_bank.event_notifications WHERE delivered_at IS NULL;
