/* @name InsertPayment */
INSERT INTO model_bank.domestic_vrps (id, consent_id, client_id, status, status_reasons, amount_minor, currency, data, risk, account_id,
  clock_key, creation_date_time, status_update_date_time, settle_due_at)
VALUES (:id!, :consentId!, :clientId!, :status!, :statusReasons, :amountMinor!::bigint, :currency!, :data!, :risk!, :accountId,
  :clockKey!, :creationDateTime!, :statusUpdateDateTime!, :settleDueAt);

/* @name PaymentById */
SELECT id, consent_id AS "consentId", client_id AS "clientId", status, status_reasons AS "statusReasons", amount_minor::text AS "amountMinor!",
       currency, data, risk, account_id AS "accountId", clock_key AS "clockKey", creation_date_time AS "creationDateTime",
       status_update_date_time AS "statusUpdateDateTime", settle_due_at AS "settleDueAt"
  FROM model_bank.domestic_vrps WHERE id = :id!;

/* @name LockPayment */
SELECT id, consent_id AS "consentId", client_id AS "clientId", status, status_reasons AS "statusReasons", amount_minor::text AS "amountMinor!",
       currency, data, risk, account_id AS "accountId", clock_key AS "clockKey", creation_date_time AS "creationDateTime",
       status_update_date_time AS "statusUpdateDateTime", settle_due_at AS "settleDueAt"
  FROM model_bank.domestic_vrps WHERE id = :id! FOR UPDATE;

/* @name UsedInPeriods */
SELECT COALESCE(SUM(p.amount_minor), 0)::text AS "used!"
  FROM unnest(:froms!::timestamptz[], :tos!::timestamptz[]) WITH ORDINALITY AS r(period_from, period_to, n)
  LEFT JOIN model_bank.domestic_vrps p ON p.consent_id = :consentId! AND p.status <> 'RJCT'
   AND p.creation_date_time >= r.period_from AND p.creation_date_time < r.period_to
 GROUP BY r.n ORDER BY r.n;

/* @name MovePayment */
UPDATE model_bank.domestic_vrps SET status = :to!, status_reasons = :statusReasons, status_update_date_time = :at!
 WHERE id = :id! AND status = ANY(:from!::text[])
RETURNING id, consent_id AS "consentId", client_id AS "clientId", status, status_reasons AS "statusReasons", amount_minor::text AS "amountMinor!",
          currency, data, risk, account_id AS "accountId", clock_key AS "clockKey", creation_date_time AS "creationDateTime",
          status_update_date_time AS "statusUpdateDateTime", settle_due_at AS "settleDueAt";

/* @name RelinkTakenPayments */
UPDATE model_bank.domestic_vrps SET account_id = :to! WHERE account_id = :from! AND status = 'ACTC';

/* @name DuePaymentSettlements */
SELECT p.id FROM model_bank.domestic_vrps p LEFT JOIN model_bank.merchant_clocks k ON k.merchant_id = p.clock_key
 WHERE p.status = 'ACTC' AND p.settle_due_at IS NOT NULL
   AND p.settle_due_at <= now() + make_interval(secs => COALESCE(k.offset_ms, 0) / 1000.0)
 ORDER BY p.settle_due_at LIMIT :limit!;
