/* @name SeenNotification */
SELECT 1 AS "one!" FROM connector.seen_notifications WHERE jti = :jti!;

/* @name RememberNotification */
INSERT INTO connector.seen_notifications (jti) VALUES (:jti!) ON CONFLICT (jti) DO NOTHING;
