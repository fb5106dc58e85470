/* @name InsertAuditEntry */
INSERT INTO gateway.audit_log (merchant_id, actor_type, actor_id, actor_email, action, target_type, target_id, details, ip, user_agent, created_at)
VALUES (:merchantId!, :actorType!, :actorId, :actorEmail, :action!, :targetType, :targetId, :details!::jsonb, :ip, :userAgent,
        COALESCE(:at::timestamptz, CURRENT_TIMESTAMP));

/* @name SelectAuditEntries */
SELECT id, merchant_id AS "merchantId", actor_type AS "actorType", actor_id AS "actorId", actor_email AS "actorEmail", action,
       target_type AS "targetType", target_id AS "targetId", details, ip, user_agent AS "userAgent", created_at AS "createdAt"
  FROM gateway.audit_log
 WHERE merchant_id = :merchantId!
   AND (:action::text IS NULL OR action = :action)
   AND (:actorId::text IS NULL OR actor_id = :actorId)
   AND (:createdGte::timestamptz IS NULL OR created_at >= :createdGte)
   AND (:createdLte::timestamptz IS NULL OR created_at <= :createdLte)
   AND (:beforeId::bigint IS NULL OR id < :beforeId)
 ORDER BY id DESC
 LIMIT :limit!;
