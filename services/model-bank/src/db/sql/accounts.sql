/* @name CurrentAccount */
SELECT id, client_id AS "clientId", customer_ref AS "customerRef", sort_code AS "sortCode", account_number AS "accountNumber", name, currency,
       balance_minor::text AS "balanceMinor!", reserved_minor::text AS "reservedMinor!", status, switched_to AS "switchedTo"
  FROM model_bank.accounts WHERE client_id = :clientId! AND customer_ref = :customerRef! AND status <> 'switched';

/* @name LockCurrentAccount */
SELECT id, client_id AS "clientId", customer_ref AS "customerRef", sort_code AS "sortCode", account_number AS "accountNumber", name, currency,
       balance_minor::text AS "balanceMinor!", reserved_minor::text AS "reservedMinor!", status, switched_to AS "switchedTo"
  FROM model_bank.accounts WHERE client_id = :clientId! AND customer_ref = :customerRef! AND status <> 'switched' FOR UPDATE;

/* @name AccountById */
SELECT id, client_id AS "clientId", customer_ref AS "customerRef", sort_code AS "sortCode", account_number AS "accountNumber", name, currency,
       balance_minor::text AS "balanceMinor!", reserved_minor::text AS "reservedMinor!", status, switched_to AS "switchedTo"
  FROM model_bank.accounts WHERE id = :id!;

/* @name LockAccount */
SELECT id, client_id AS "clientId", customer_ref AS "customerRef", sort_code AS "sortCode", account_number AS "accountNumber", name, currency,
       balance_minor::text AS "balanceMinor!", reserved_minor::text AS "reservedMinor!", status, switched_to AS "switchedTo"
  FROM model_bank.accounts WHERE id = :id! FOR UPDATE;

/* @name AccountByNumber */
SELECT id, client_id AS "clientId", customer_ref AS "customerRef", sort_code AS "sortCode", account_number AS "accountNumber", name, currency,
       balance_minor::text AS "balanceMinor!", reserved_minor::text AS "reservedMinor!", status, switched_to AS "switchedTo"
  FROM model_bank.accounts WHERE sort_code = :sortCode! AND account_number = :accountNumber!;

/* @name LockAccountByNumber */
SELECT id, client_id AS "clientId", customer_ref AS "customerRef", sort_code AS "sortCode", account_number AS "accountNumber", name, currency,
       balance_minor::text AS "balanceMinor!", reserved_minor::text AS "reservedMinor!", status, switched_to AS "switchedTo"
  FROM model_bank.accounts WHERE sort_code = :sortCode! AND account_number = :accountNumber! FOR UPDATE;

/* @name OpenAccount */
INSERT INTO model_bank.accounts (id, client_id, customer_ref, sort_code, account_number, name, currency, balance_minor)
VALUES (:id!, :clientId!, :customerRef!, :sortCode!, :accountNumber!, :name!, :currency!, :balanceMinor!::bigint) ON CONFLICT DO NOTHING
RETURNING id, client_id AS "clientId", customer_ref AS "customerRef", sort_code AS "sortCode", account_number AS "accountNumber", name, currency,
       balance_minor::text AS "balanceMinor!", reserved_minor::text AS "reservedMinor!", status, switched_to AS "switchedTo";

/* @name Reserve */
UPDATE model_bank.accounts SET reserved_minor = reserved_minor + :amountMinor!::bigint, updated_at = now()
 WHERE id = :id! AND status = 'open' AND currency = :currency! AND balance_minor - reserved_minor >= :amountMinor!::bigint RETURNING id;

/* @name Release */
UPDATE model_bank.accounts SET reserved_minor = GREATEST(reserved_minor - :amountMinor!::bigint, 0), updated_at = now() WHERE id = :id!;

/* @name DebitReserved */
UPDATE model_bank.accounts SET balance_minor = balance_minor - :amountMinor!::bigint,
       reserved_minor = GREATEST(reserved_minor - :amountMinor!::bigint, 0), updated_at = now()
 WHERE id = :id! AND balance_minor >= :amountMinor!::bigint RETURNING id;

/* @name Credit */
UPDATE model_bank.accounts SET balance_minor = balance_minor + :amountMinor!::bigint, updated_at = now() WHERE id = :id!;

/* @name SetBalance */
UPDATE model_bank.accounts SET balance_minor = :balanceMinor!::bigint, currency = :currency!, updated_at = now() WHERE id = :id!
RETURNING id, client_id AS "clientId", customer_ref AS "customerRef", sort_code AS "sortCode", account_number AS "accountNumber", name, currency,
       balance_minor::text AS "balanceMinor!", reserved_minor::text AS "reservedMinor!", status, switched_to AS "switchedTo";

/* @name SetAccountStatus */
UPDATE model_bank.accounts SET status = :status!, updated_at = now() WHERE id = :id!;

/* @name MarkSwitched */
UPDATE model_bank.accounts SET status = 'switched', switched_to = :switchedTo!, updated_at = now() WHERE id = :id!;

/* @name OpenSwitchedAccount */
INSERT INTO model_bank.accounts (id, client_id, customer_ref, sort_code, account_number, name, currency, balance_minor, reserved_minor)
VALUES (:id!, :clientId!, :customerRef!, :sortCode!, :accountNumber!, :name!, :currency!, :balanceMinor!::bigint, :reservedMinor!::bigint)
ON CONFLICT (sort_code, account_number) DO NOTHING
RETURNING id, client_id AS "clientId", customer_ref AS "customerRef", sort_code AS "sortCode", account_number AS "accountNumber", name, currency,
       balance_minor::text AS "balanceMinor!", reserved_minor::text AS "reservedMinor!", status, switched_to AS "switchedTo";
