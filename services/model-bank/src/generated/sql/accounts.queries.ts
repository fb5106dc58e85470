/** Types generated for queries found in "src/db/sql/accounts.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type NumberOrString = number | string;

/** 'CurrentAccount' parameters type */
export interface ICurrentAccountParams {
  clientId: string;
  customerRef: string;
}

/** 'CurrentAccount' return type */
export interface ICurrentAccountResult {
  accountNumber: string;
  balanceMinor: string;
  clientId: string;
  currency: string;
  customerRef: string;
  id: string;
  name: string;
  reservedMinor: string;
  sortCode: string;
  status: string;
  switchedTo: string | null;
}

/** 'CurrentAccount' query type */
export interface ICurrentAccountQuery {
  params: ICurrentAccountParams;
  result: ICurrentAccountResult;
}

const currentAccountIR: any = {"usedParamSet":{"clientId":true,"customerRef":true},"params":[{"name":"clientId","required":true,"transform":{"type":"scalar"},"locs":[{"a":313,"b":322}]},{"name":"customerRef","required":true,"transform":{"type":"scalar"},"locs":[{"a":343,"b":355}]}],"statement":"SELECT id, client_id AS \"clientId\", customer_ref AS \"customerRef\", sort_code AS \"sortCode\", account_number AS \"accountNumber\", name, currency,\n       balance_minor::text AS \"balanceMinor!\", reserved_minor::text AS \"reservedMinor!\", status, switched_to AS \"switchedTo\"\n  FROM model_bank.accounts WHERE client_id = :clientId! AND customer_ref = :customerRef! AND status <> 'switched'"};

/**
 * Query generated from SQL:
 * ```
 * SELECT id, client_id AS "clientId", customer_ref AS "customerRef", sort_code AS "sortCode", account_number AS "accountNumber", name, currency,
 *        balance_minor::text AS "balanceMinor!", reserved_minor::text AS "reservedMinor!", status, switched_to AS "switchedTo"
 *   FROM model_bank.accounts WHERE client_id = :clientId! AND customer_ref = :customerRef! AND status <> 'switched'
 * ```
 */
export const currentAccount = new PreparedQuery<ICurrentAccountParams,ICurrentAccountResult>(currentAccountIR);


/** 'LockCurrentAccount' parameters type */
export interface ILockCurrentAccountParams {
  clientId: string;
  customerRef: string;
}

/** 'LockCurrentAccount' return type */
export interface ILockCurrentAccountResult {
  accountNumber: string;
  balanceMinor: string;
  clientId: string;
  currency: string;
  customerRef: string;
  id: string;
  name: string;
  reservedMinor: string;
  sortCode: string;
  status: string;
  switchedTo: string | null;
}

/** 'LockCurrentAccount' query type */
export interface ILockCurrentAccountQuery {
  params: ILockCurrentAccountParams;
  result: ILockCurrentAccountResult;
}

const lockCurrentAccountIR: any = {"usedParamSet":{"clientId":true,"customerRef":true},"params":[{"name":"clientId","required":true,"transform":{"type":"scalar"},"locs":[{"a":313,"b":322}]},{"name":"customerRef","required":true,"transform":{"type":"scalar"},"locs":[{"a":343,"b":355}]}],"statement":"SELECT id, client_id AS \"clientId\", customer_ref AS \"customerRef\", sort_code AS \"sortCode\", account_number AS \"accountNumber\", name, currency,\n       balance_minor::text AS \"balanceMinor!\", reserved_minor::text AS \"reservedMinor!\", status, switched_to AS \"switchedTo\"\n  FROM model_bank.accounts WHERE client_id = :clientId! AND customer_ref = :customerRef! AND status <> 'switched' FOR UPDATE"};

/**
 * Query generated from SQL:
 * ```
 * SELECT id, client_id AS "clientId", customer_ref AS "customerRef", sort_code AS "sortCode", account_number AS "accountNumber", name, currency,
 *        balance_minor::text AS "balanceMinor!", reserved_minor::text AS "reservedMinor!", status, switched_to AS "switchedTo"
 *   FROM model_bank.accounts WHERE client_id = :clientId! AND customer_ref = :customerRef! AND status <> 'switched' FOR UPDATE
 * ```
 */
export const lockCurrentAccount = new PreparedQuery<ILockCurrentAccountParams,ILockCurrentAccountResult>(lockCurrentAccountIR);


/** 'AccountById' parameters type */
export interface IAccountByIdParams {
  id: string;
}

/** 'AccountById' return type */
export interface IAccountByIdResult {
  accountNumber: string;
  balanceMinor: string;
  clientId: string;
  currency: string;
  customerRef: string;
  id: string;
  name: string;
  reservedMinor: string;
  sortCode: string;
  status: string;
  switchedTo: string | null;
}

/** 'AccountById' query type */
export interface IAccountByIdQuery {
  params: IAccountByIdParams;
  result: IAccountByIdResult;
}

const accountByIdIR: any = {"usedParamSet":{"id":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":306,"b":309}]}],"statement":"SELECT id, client_id AS \"clientId\", customer_ref AS \"customerRef\", sort_code AS \"sortCode\", account_number AS \"accountNumber\", name, currency,\n       balance_minor::text AS \"balanceMinor!\", reserved_minor::text AS \"reservedMinor!\", status, switched_to AS \"switchedTo\"\n  FROM model_bank.accounts WHERE id = :id!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT id, client_id AS "clientId", customer_ref AS "customerRef", sort_code AS "sortCode", account_number AS "accountNumber", name, currency,
 *        balance_minor::text AS "balanceMinor!", reserved_minor::text AS "reservedMinor!", status, switched_to AS "switchedTo"
 *   FROM model_bank.accounts WHERE id = :id!
 * ```
 */
export const accountById = new PreparedQuery<IAccountByIdParams,IAccountByIdResult>(accountByIdIR);


/** 'LockAccount' parameters type */
export interface ILockAccountParams {
  id: string;
}

/** 'LockAccount' return type */
export interface ILockAccountResult {
  accountNumber: string;
  balanceMinor: string;
  clientId: string;
  currency: string;
  customerRef: string;
  id: string;
  name: string;
  reservedMinor: string;
  sortCode: string;
  status: string;
  switchedTo: string | null;
}

/** 'LockAccount' query type */
export interface ILockAccountQuery {
  params: ILockAccountParams;
  result: ILockAccountResult;
}

const lockAccountIR: any = {"usedParamSet":{"id":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":306,"b":309}]}],"statement":"SELECT id, client_id AS \"clientId\", customer_ref AS \"customerRef\", sort_code AS \"sortCode\", account_number AS \"accountNumber\", name, currency,\n       balance_minor::text AS \"balanceMinor!\", reserved_minor::text AS \"reservedMinor!\", status, switched_to AS \"switchedTo\"\n  FROM model_bank.accounts WHERE id = :id! FOR UPDATE"};

/**
 * Query generated from SQL:
 * ```
 * SELECT id, client_id AS "clientId", customer_ref AS "customerRef", sort_code AS "sortCode", account_number AS "accountNumber", name, currency,
 *        balance_minor::text AS "balanceMinor!", reserved_minor::text AS "reservedMinor!", status, switched_to AS "switchedTo"
 *   FROM model_bank.accounts WHERE id = :id! FOR UPDATE
 * ```
 */
export const lockAccount = new PreparedQuery<ILockAccountParams,ILockAccountResult>(lockAccountIR);


/** 'AccountByNumber' parameters type */
export interface IAccountByNumberParams {
  accountNumber: string;
  sortCode: string;
}

/** 'AccountByNumber' return type */
export interface IAccountByNumberResult {
  accountNumber: string;
  balanceMinor: string;
  clientId: string;
  currency: string;
  customerRef: string;
  id: string;
  name: string;
  reservedMinor: string;
  sortCode: string;
  status: string;
  switchedTo: string | null;
}

/** 'AccountByNumber' query type */
export interface IAccountByNumberQuery {
  params: IAccountByNumberParams;
  result: IAccountByNumberResult;
}

const accountByNumberIR: any = {"usedParamSet":{"sortCode":true,"accountNumber":true},"params":[{"name":"sortCode","required":true,"transform":{"type":"scalar"},"locs":[{"a":313,"b":322}]},{"name":"accountNumber","required":true,"transform":{"type":"scalar"},"locs":[{"a":345,"b":359}]}],"statement":"SELECT id, client_id AS \"clientId\", customer_ref AS \"customerRef\", sort_code AS \"sortCode\", account_number AS \"accountNumber\", name, currency,\n       balance_minor::text AS \"balanceMinor!\", reserved_minor::text AS \"reservedMinor!\", status, switched_to AS \"switchedTo\"\n  FROM model_bank.accounts WHERE sort_code = :sortCode! AND account_number = :accountNumber!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT id, client_id AS "clientId", customer_ref AS "customerRef", sort_code AS "sortCode", account_number AS "accountNumber", name, currency,
 *        balance_minor::text AS "balanceMinor!", reserved_minor::text AS "reservedMinor!", status, switched_to AS "switchedTo"
 *   FROM model_bank.accounts WHERE sort_code = :sortCode! AND account_number = :accountNumber!
 * ```
 */
export const accountByNumber = new PreparedQuery<IAccountByNumberParams,IAccountByNumberResult>(accountByNumberIR);


/** 'LockAccountByNumber' parameters type */
export interface ILockAccountByNumberParams {
  accountNumber: string;
  sortCode: string;
}

/** 'LockAccountByNumber' return type */
export interface ILockAccountByNumberResult {
  accountNumber: string;
  balanceMinor: string;
  clientId: string;
  currency: string;
  customerRef: string;
  id: string;
  name: string;
  reservedMinor: string;
  sortCode: string;
  status: string;
  switchedTo: string | null;
}

/** 'LockAccountByNumber' query type */
export interface ILockAccountByNumberQuery {
  params: ILockAccountByNumberParams;
  result: ILockAccountByNumberResult;
}

const lockAccountByNumberIR: any = {"usedParamSet":{"sortCode":true,"accountNumber":true},"params":[{"name":"sortCode","required":true,"transform":{"type":"scalar"},"locs":[{"a":313,"b":322}]},{"name":"accountNumber","required":true,"transform":{"type":"scalar"},"locs":[{"a":345,"b":359}]}],"statement":"SELECT id, client_id AS \"clientId\", customer_ref AS \"customerRef\", sort_code AS \"sortCode\", account_number AS \"accountNumber\", name, currency,\n       balance_minor::text AS \"balanceMinor!\", reserved_minor::text AS \"reservedMinor!\", status, switched_to AS \"switchedTo\"\n  FROM model_bank.accounts WHERE sort_code = :sortCode! AND account_number = :accountNumber! FOR UPDATE"};

/**
 * Query generated from SQL:
 * ```
 * SELECT id, client_id AS "clientId", customer_ref AS "customerRef", sort_code AS "sortCode", account_number AS "accountNumber", name, currency,
 *        balance_minor::text AS "balanceMinor!", reserved_minor::text AS "reservedMinor!", status, switched_to AS "switchedTo"
 *   FROM model_bank.accounts WHERE sort_code = :sortCode! AND account_number = :accountNumber! FOR UPDATE
 * ```
 */
export const lockAccountByNumber = new PreparedQuery<ILockAccountByNumberParams,ILockAccountByNumberResult>(lockAccountByNumberIR);


/** 'OpenAccount' parameters type */
export interface IOpenAccountParams {
  accountNumber: string;
  balanceMinor: NumberOrString;
  clientId: string;
  currency: string;
  customerRef: string;
  id: string;
  name: string;
  sortCode: string;
}

/** 'OpenAccount' return type */
export interface IOpenAccountResult {
  accountNumber: string;
  balanceMinor: string;
  clientId: string;
  currency: string;
  customerRef: string;
  id: string;
  name: string;
  reservedMinor: string;
  sortCode: string;
  status: string;
  switchedTo: string | null;
}

/** 'OpenAccount' query type */
export interface IOpenAccountQuery {
  params: IOpenAccountParams;
  result: IOpenAccountResult;
}

const openAccountIR: any = {"usedParamSet":{"id":true,"clientId":true,"customerRef":true,"sortCode":true,"accountNumber":true,"name":true,"currency":true,"balanceMinor":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":128,"b":131}]},{"name":"clientId","required":true,"transform":{"type":"scalar"},"locs":[{"a":134,"b":143}]},{"name":"customerRef","required":true,"transform":{"type":"scalar"},"locs":[{"a":146,"b":158}]},{"name":"sortCode","required":true,"transform":{"type":"scalar"},"locs":[{"a":161,"b":170}]},{"name":"accountNumber","required":true,"transform":{"type":"scalar"},"locs":[{"a":173,"b":187}]},{"name":"name","required":true,"transform":{"type":"scalar"},"locs":[{"a":190,"b":195}]},{"name":"currency","required":true,"transform":{"type":"scalar"},"locs":[{"a":198,"b":207}]},{"name":"balanceMinor","required":true,"transform":{"type":"scalar"},"locs":[{"a":210,"b":223}]}],"statement":"INSERT INTO model_bank.accounts (id, client_id, customer_ref, sort_code, account_number, name, currency, balance_minor)\nVALUES (:id!, :clientId!, :customerRef!, :sortCode!, :accountNumber!, :name!, :currency!, :balanceMinor!::bigint) ON CONFLICT DO NOTHING\nRETURNING id, client_id AS \"clientId\", customer_ref AS \"customerRef\", sort_code AS \"sortCode\", account_number AS \"accountNumber\", name, currency,\n       balance_minor::text AS \"balanceMinor!\", reserved_minor::text AS \"reservedMinor!\", status, switched_to AS \"switchedTo\""};

/**
 * Query generated from SQL:
 * ```
 * INSERT INTO model_bank.accounts (id, client_id, customer_ref, sort_code, account_number, name, currency, balance_minor)
 * VALUES (:id!, :clientId!, :customerRef!, :sortCode!, :accountNumber!, :name!, :currency!, :balanceMinor!::bigint) ON CONFLICT DO NOTHING
 * RETURNING id, client_id AS "clientId", customer_ref AS "customerRef", sort_code AS "sortCode", account_number AS "accountNumber", name, currency,
 *        balance_minor::text AS "balanceMinor!", reserved_minor::text AS "reservedMinor!", status, switched_to AS "switchedTo"
 * ```
 */
export const openAccount = new PreparedQuery<IOpenAccountParams,IOpenAccountResult>(openAccountIR);


/** 'Reserve' parameters type */
export interface IReserveParams {
  amountMinor: NumberOrString;
  currency: string;
  id: string;
}

/** 'Reserve' return type */
export interface IReserveResult {
  id: string;
}

/** 'Reserve' query type */
export interface IReserveQuery {
  params: IReserveParams;
  result: IReserveResult;
}

const reserveIR: any = {"usedParamSet":{"amountMinor":true,"id":true,"currency":true},"params":[{"name":"amountMinor","required":true,"transform":{"type":"scalar"},"locs":[{"a":65,"b":77},{"a":208,"b":220}]},{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":119,"b":122}]},{"name":"currency","required":true,"transform":{"type":"scalar"},"locs":[{"a":159,"b":168}]}],"statement":"UPDATE model_bank.accounts SET reserved_minor = reserved_minor + :amountMinor!::bigint, updated_at = now()\n WHERE id = :id! AND status = 'open' AND currency = :currency! AND balance_minor - reserved_minor >= :amountMinor!::bigint RETURNING id"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE model_bank.accounts SET reserved_minor = reserved_minor + :amountMinor!::bigint, updated_at = now()
 *  WHERE id = :id! AND status = 'open' AND currency = :currency! AND balance_minor - reserved_minor >= :amountMinor!::bigint RETURNING id
 * ```
 */
export const reserve = new PreparedQuery<IReserveParams,IReserveResult>(reserveIR);


/** 'Release' parameters type */
export interface IReleaseParams {
  amountMinor: NumberOrString;
  id: string;
}

/** 'Release' return type */
export type IReleaseResult = void;

/** 'Release' query type */
export interface IReleaseQuery {
  params: IReleaseParams;
  result: IReleaseResult;
}

const releaseIR: any = {"usedParamSet":{"amountMinor":true,"id":true},"params":[{"name":"amountMinor","required":true,"transform":{"type":"scalar"},"locs":[{"a":74,"b":86}]},{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":131,"b":134}]}],"statement":"UPDATE model_bank.accounts SET reserved_minor = GREATEST(reserved_minor - :amountMinor!::bigint, 0), updated_at = now() WHERE id = :id!"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE model_bank.accounts SET reserved_minor = GREATEST(reserved_minor - :amountMinor!::bigint, 0), updated_at = now() WHERE id = :id!
 * ```
 */
export const release = new PreparedQuery<IReleaseParams,IReleaseResult>(releaseIR);


/** 'DebitReserved' parameters type */
export interface IDebitReservedParams {
  amountMinor: NumberOrString;
  id: string;
}

/** 'DebitReserved' return type */
export interface IDebitReservedResult {
  id: string;
}

/** 'DebitReserved' query type */
export interface IDebitReservedQuery {
  params: IDebitReservedParams;
  result: IDebitReservedResult;
}

const debitReservedIR: any = {"usedParamSet":{"amountMinor":true,"id":true},"params":[{"name":"amountMinor","required":true,"transform":{"type":"scalar"},"locs":[{"a":63,"b":75},{"a":136,"b":148},{"a":220,"b":232}]},{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":194,"b":197}]}],"statement":"UPDATE model_bank.accounts SET balance_minor = balance_minor - :amountMinor!::bigint,\n       reserved_minor = GREATEST(reserved_minor - :amountMinor!::bigint, 0), updated_at = now()\n WHERE id = :id! AND balance_minor >= :amountMinor!::bigint RETURNING id"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE model_bank.accounts SET balance_minor = balance_minor - :amountMinor!::bigint,
 *        reserved_minor = GREATEST(reserved_minor - :amountMinor!::bigint, 0), updated_at = now()
 *  WHERE id = :id! AND balance_minor >= :amountMinor!::bigint RETURNING id
 * ```
 */
export const debitReserved = new PreparedQuery<IDebitReservedParams,IDebitReservedResult>(debitReservedIR);


/** 'Credit' parameters type */
export interface ICreditParams {
  amountMinor: NumberOrString;
  id: string;
}

/** 'Credit' return type */
export type ICreditResult = void;

/** 'Credit' query type */
export interface ICreditQuery {
  params: ICreditParams;
  result: ICreditResult;
}

const creditIR: any = {"usedParamSet":{"amountMinor":true,"id":true},"params":[{"name":"amountMinor","required":true,"transform":{"type":"scalar"},"locs":[{"a":63,"b":75}]},{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":116,"b":119}]}],"statement":"UPDATE model_bank.accounts SET balance_minor = balance_minor + :amountMinor!::bigint, updated_at = now() WHERE id = :id!"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE model_bank.accounts SET balance_minor = balance_minor + :amountMinor!::bigint, updated_at = now() WHERE id = :id!
 * ```
 */
export const credit = new PreparedQuery<ICreditParams,ICreditResult>(creditIR);


/** 'SetBalance' parameters type */
export interface ISetBalanceParams {
  balanceMinor: NumberOrString;
  currency: string;
  id: string;
}

/** 'SetBalance' return type */
export interface ISetBalanceResult {
  accountNumber: string;
  balanceMinor: string;
  clientId: string;
  currency: string;
  customerRef: string;
  id: string;
  name: string;
  reservedMinor: string;
  sortCode: string;
  status: string;
  switchedTo: string | null;
}

/** 'SetBalance' query type */
export interface ISetBalanceQuery {
  params: ISetBalanceParams;
  result: ISetBalanceResult;
}

const setBalanceIR: any = {"usedParamSet":{"balanceMinor":true,"currency":true,"id":true},"params":[{"name":"balanceMinor","required":true,"transform":{"type":"scalar"},"locs":[{"a":47,"b":60}]},{"name":"currency","required":true,"transform":{"type":"scalar"},"locs":[{"a":82,"b":91}]},{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":124,"b":127}]}],"statement":"UPDATE model_bank.accounts SET balance_minor = :balanceMinor!::bigint, currency = :currency!, updated_at = now() WHERE id = :id!\nRETURNING id, client_id AS \"clientId\", customer_ref AS \"customerRef\", sort_code AS \"sortCode\", account_number AS \"accountNumber\", name, currency,\n       balance_minor::text AS \"balanceMinor!\", reserved_minor::text AS \"reservedMinor!\", status, switched_to AS \"switchedTo\""};

/**
 * Query generated from SQL:
 * ```
 * UPDATE model_bank.accounts SET balance_minor = :balanceMinor!::bigint, currency = :currency!, updated_at = now() WHERE id = :id!
 * RETURNING id, client_id AS "clientId", customer_ref AS "customerRef", sort_code AS "sortCode", account_number AS "accountNumber", name, currency,
 *        balance_minor::text AS "balanceMinor!", reserved_minor::text AS "reservedMinor!", status, switched_to AS "switchedTo"
 * ```
 */
export const setBalance = new PreparedQuery<ISetBalanceParams,ISetBalanceResult>(setBalanceIR);


/** 'SetAccountStatus' parameters type */
export interface ISetAccountStatusParams {
  id: string;
  status: string;
}

/** 'SetAccountStatus' return type */
export type ISetAccountStatusResult = void;

/** 'SetAccountStatus' query type */
export interface ISetAccountStatusQuery {
  params: ISetAccountStatusParams;
  result: ISetAccountStatusResult;
}

const setAccountStatusIR: any = {"usedParamSet":{"status":true,"id":true},"params":[{"name":"status","required":true,"transform":{"type":"scalar"},"locs":[{"a":40,"b":47}]},{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":80,"b":83}]}],"statement":"UPDATE model_bank.accounts SET status = :status!, updated_at = now() WHERE id = :id!"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE model_bank.accounts SET status = :status!, updated_at = now() WHERE id = :id!
 * ```
 */
export const setAccountStatus = new PreparedQuery<ISetAccountStatusParams,ISetAccountStatusResult>(setAccountStatusIR);


/** 'MarkSwitched' parameters type */
export interface IMarkSwitchedParams {
  id: string;
  switchedTo: string;
}

/** 'MarkSwitched' return type */
export type IMarkSwitchedResult = void;

/** 'MarkSwitched' query type */
export interface IMarkSwitchedQuery {
  params: IMarkSwitchedParams;
  result: IMarkSwitchedResult;
}

const markSwitchedIR: any = {"usedParamSet":{"switchedTo":true,"id":true},"params":[{"name":"switchedTo","required":true,"transform":{"type":"scalar"},"locs":[{"a":66,"b":77}]},{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":110,"b":113}]}],"statement":"UPDATE model_bank.accounts SET status = 'switched', switched_to = :switchedTo!, updated_at = now() WHERE id = :id!"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE model_bank.accounts SET status = 'switched', switched_to = :switchedTo!, updated_at = now() WHERE id = :id!
 * ```
 */
export const markSwitched = new PreparedQuery<IMarkSwitchedParams,IMarkSwitchedResult>(markSwitchedIR);


/** 'OpenSwitchedAccount' parameters type */
export interface IOpenSwitchedAccountParams {
  accountNumber: string;
  balanceMinor: NumberOrString;
  clientId: string;
  currency: string;
  customerRef: string;
  id: string;
  name: string;
  reservedMinor: NumberOrString;
  sortCode: string;
}

/** 'OpenSwitchedAccount' return type */
export interface IOpenSwitchedAccountResult {
  accountNumber: string;
  balanceMinor: string;
  clientId: string;
  currency: string;
  customerRef: string;
  id: string;
  name: string;
  reservedMinor: string;
  sortCode: string;
  status: string;
  switchedTo: string | null;
}

/** 'OpenSwitchedAccount' query type */
export interface IOpenSwitchedAccountQuery {
  params: IOpenSwitchedAccountParams;
  result: IOpenSwitchedAccountResult;
}

const openSwitchedAccountIR: any = {"usedParamSet":{"id":true,"clientId":true,"customerRef":true,"sortCode":true,"accountNumber":true,"name":true,"currency":true,"balanceMinor":true,"reservedMinor":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":144,"b":147}]},{"name":"clientId","required":true,"transform":{"type":"scalar"},"locs":[{"a":150,"b":159}]},{"name":"customerRef","required":true,"transform":{"type":"scalar"},"locs":[{"a":162,"b":174}]},{"name":"sortCode","required":true,"transform":{"type":"scalar"},"locs":[{"a":177,"b":186}]},{"name":"accountNumber","required":true,"transform":{"type":"scalar"},"locs":[{"a":189,"b":203}]},{"name":"name","required":true,"transform":{"type":"scalar"},"locs":[{"a":206,"b":211}]},{"name":"currency","required":true,"transform":{"type":"scalar"},"locs":[{"a":214,"b":223}]},{"name":"balanceMinor","required":true,"transform":{"type":"scalar"},"locs":[{"a":226,"b":239}]},{"name":"reservedMinor","required":true,"transform":{"type":"scalar"},"locs":[{"a":250,"b":264}]}],"statement":"INSERT INTO model_bank.accounts (id, client_id, customer_ref, sort_code, account_number, name, currency, balance_minor, reserved_minor)\nVALUES (:id!, :clientId!, :customerRef!, :sortCode!, :accountNumber!, :name!, :currency!, :balanceMinor!::bigint, :reservedMinor!::bigint)\nON CONFLICT (sort_code, account_number) DO NOTHING\nRETURNING id, client_id AS \"clientId\", customer_ref AS \"customerRef\", sort_code AS \"sortCode\", account_number AS \"accountNumber\", name, currency,\n       balance_minor::text AS \"balanceMinor!\", reserved_minor::text AS \"reservedMinor!\", status, switched_to AS \"switchedTo\""};

/**
 * Query generated from SQL:
 * ```
 * INSERT INTO model_bank.accounts (id, client_id, customer_ref, sort_code, account_number, name, currency, balance_minor, reserved_minor)
 * VALUES (:id!, :clientId!, :customerRef!, :sortCode!, :accountNumber!, :name!, :currency!, :balanceMinor!::bigint, :reservedMinor!::bigint)
 * ON CONFLICT (sort_code, account_number) DO NOTHING
 * RETURNING id, client_id AS "clientId", customer_ref AS "customerRef", sort_code AS "sortCode", account_number AS "accountNumber", name, currency,
 *        balance_minor::text AS "balanceMinor!", reserved_minor::text AS "reservedMinor!", status, switched_to AS "switchedTo"
 * ```
 */
export const openSwitchedAccount = new PreparedQuery<IOpenSwitchedAccountParams,IOpenSwitchedAccountResult>(openSwitchedAccountIR);


