/* @name InsertPayout */
INSERT INTO model_bank.payouts (id, client_id, status, status_reasons, amount_minor, currency, data, creditor_account_id,
  clock_key, creation_date_time, status_update_date_time, settle_due_at)
VALUES (:id!, :clientId!, :status!, :statusReasons, :amountMinor!::bigint, :currency!, :data!, :creditorAccountId,
  :clockKey!, :creationDateTime!, :statusUpdateDateTime!, :settleDueAt);

/* @name PayoutById */
SELECT id, client_id AS "clientId", status, status_reasons AS "statusReasons", amount_minor::text AS "amountMinor!", currency, data,
       creditor_account_id AS "creditorAccountId", clock_key AS "clockKey", creation_date_time AS "creationDateTime",
       status_update_date_time AS "statusUpdateDateTime", settle_due_at AS "settleDueAt"
  FROM model_bank.payouts WHERE id = :id!;

/* @name LockPayout */
SELECT id, client_id AS "clientId", status, status_reasons AS "statusReasons", amount_minor::text AS "amountMinor!", currency, data,
       creditor_account_id AS "creditorAccountId", clock_key AS "clockKey", creation_date_time AS "creationDateTime",
       status_update_date_time AS "statusUpdateDateTime", settle_due_at AS "settleDueAt"
  FROM model_bank.payouts WHERE id = :id! FOR UPDATE;

/* @name MovePayout */
UPDATE model_bank.payouts SET status = :to!, status_reasons = :statusReasons, status_update_date_time = :at!
 WHERE id = :id! AND status = ANY(:from!::text[])
RETURNING id, client_id AS "clientId", status, status_reasons AS "statusReasons", amount_minor::text AS "amountMinor!", currency, data,
          creditor_account_id AS "creditorAccountId", clock_key AS "clockKey", creation_date_time AS "creationDateTime",
          status_update_date_time AS "statusUpdateDateTime", settle_due_at AS "settleDueAt";

/* @name DuePayoutSettlements */
SELECT p.id FROM model_bank.payouts p LEFT JOIN model_bank.merchant_clocks k ON k.merchant_id = p.clock_key
 WHERE p.status = 'ACTC' AND p.settle_due_at IS NOT NULL
   AND p.settle_due_at <= now() + make_interval(secs => COALESCE(k.offset_ms, 0) / 1000.0)
 ORDER BY p.settle_due_at LIMIT :limit!;
