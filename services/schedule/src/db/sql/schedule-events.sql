/* @name InsertOutboxEvent */
INSERT INTO schedule.outbox_events (event_id, subject, payload, traceparent) VALUES (:eventId!, :subject!, :payload!, :traceparent);
