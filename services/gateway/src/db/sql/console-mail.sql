/* @name QueueMail */
INSERT INTO gateway.console_mail_outbox (to_address, subject, body) VALUES (:to!, :subject!, :body!);

/* @name SelectUnsentMail */
SELECT id, to_address AS "to", subject, body FROM gateway.console_mail_outbox
 WHERE sent_at IS NULL AND attempts < :maxAttempts! ORDER BY id LIMIT :limit!;

/* @name MarkMailSent */
UPDATE gateway.console_mail_outbox SET sent_at = :at!, attempts = attempts + 1 WHERE id = :id! AND sent_at IS NULL;

/* @name MarkMailFailed */
UPDATE gateway.console_mail_outbox SET attempts = attempts + 1, last_error = :error! WHERE id = :id!;
