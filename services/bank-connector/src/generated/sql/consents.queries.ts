/** Types generated for queries found in "src/db/sql/consents.sql" */
import { PreparedQuery } from '@pgtyped/runtime';

export type DateOrString = Date | string;

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export type NumberOrString = number | string;

/** 'LockConsent' parameters type */
export interface ILockConsentParams {
  mandateId: string;
  merchantId: string;
}

/** 'LockConsent' return type */
export interface ILockConsentResult {
  accessTokenExpiresAt: Date | null;
  accessTokenSealed: string | null;
  bankConsentId: string;
  bankStatus: string;
  createdAt: Date;
  currency: string;
  customerId: string;
  debtorAccount: Json | null;
  deletedAtBank: Date | null;
  expiresAt: Date;
  id: string;
  initiation: Json;
  journey: string;
  linkTokenSealed: string;
  mandateId: string;
  mandateRequestId: string | null;
  merchantId: string;
  request: Json;
  returnUri: string | null;
  statusReason: string | null;
  vrpType: string;
}

/** 'LockConsent' query type */
export interface ILockConsentQuery {
  params: ILockConsentParams;
  result: ILockConsentResult;
}

const lockConsentIR: any = {"usedParamSet":{"merchantId":true,"mandateId":true},"params":[{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":660,"b":671}]},{"name":"mandateId","required":true,"transform":{"type":"scalar"},"locs":[{"a":690,"b":700}]}],"statement":"SELECT id, merchant_id AS \"merchantId\", mandate_id AS \"mandateId\", mandate_request_id AS \"mandateRequestId\", customer_id AS \"customerId\",\n       bank_consent_id AS \"bankConsentId!\", bank_status AS \"bankStatus\", status_reason AS \"statusReason\", journey, request, initiation,\n       debtor_account AS \"debtorAccount\", currency, vrp_type AS \"vrpType\", return_uri AS \"returnUri\", expires_at AS \"expiresAt\",\n       link_token_sealed AS \"linkTokenSealed\", access_token_sealed AS \"accessTokenSealed\", access_token_expires_at AS \"accessTokenExpiresAt\",\n       deleted_at_bank AS \"deletedAtBank\", created_at AS \"createdAt\"\n  FROM connector.consents WHERE merchant_id = :merchantId! AND mandate_id = :mandateId! FOR UPDATE"};

/**
 * Query generated from SQL:
 * ```
 * SELECT id, merchant_id AS "merchantId", mandate_id AS "mandateId", mandate_request_id AS "mandateRequestId", customer_id AS "customerId",
 *        bank_consent_id AS "bankConsentId!", bank_status AS "bankStatus", status_reason AS "statusReason", journey, request, initiation,
 *        debtor_account AS "debtorAccount", currency, vrp_type AS "vrpType", return_uri AS "returnUri", expires_at AS "expiresAt",
 *        link_token_sealed AS "linkTokenSealed", access_token_sealed AS "accessTokenSealed", access_token_expires_at AS "accessTokenExpiresAt",
 *        deleted_at_bank AS "deletedAtBank", created_at AS "createdAt"
 *   FROM connector.consents WHERE merchant_id = :merchantId! AND mandate_id = :mandateId! FOR UPDATE
 * ```
 */
export const lockConsent = new PreparedQuery<ILockConsentParams,ILockConsentResult>(lockConsentIR);


/** 'FindConsent' parameters type */
export interface IFindConsentParams {
  mandateId: string;
  merchantId: string;
}

/** 'FindConsent' return type */
export interface IFindConsentResult {
  accessTokenExpiresAt: Date | null;
  accessTokenSealed: string | null;
  bankConsentId: string;
  bankStatus: string;
  createdAt: Date;
  currency: string;
  customerId: string;
  debtorAccount: Json | null;
  deletedAtBank: Date | null;
  expiresAt: Date;
  id: string;
  initiation: Json;
  journey: string;
  linkTokenSealed: string;
  mandateId: string;
  mandateRequestId: string | null;
  merchantId: string;
  request: Json;
  returnUri: string | null;
  statusReason: string | null;
  vrpType: string;
}

/** 'FindConsent' query type */
export interface IFindConsentQuery {
  params: IFindConsentParams;
  result: IFindConsentResult;
}

const findConsentIR: any = {"usedParamSet":{"merchantId":true,"mandateId":true},"params":[{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":660,"b":671}]},{"name":"mandateId","required":true,"transform":{"type":"scalar"},"locs":[{"a":690,"b":700}]}],"statement":"SELECT id, merchant_id AS \"merchantId\", mandate_id AS \"mandateId\", mandate_request_id AS \"mandateRequestId\", customer_id AS \"customerId\",\n       bank_consent_id AS \"bankConsentId!\", bank_status AS \"bankStatus\", status_reason AS \"statusReason\", journey, request, initiation,\n       debtor_account AS \"debtorAccount\", currency, vrp_type AS \"vrpType\", return_uri AS \"returnUri\", expires_at AS \"expiresAt\",\n       link_token_sealed AS \"linkTokenSealed\", access_token_sealed AS \"accessTokenSealed\", access_token_expires_at AS \"accessTokenExpiresAt\",\n       deleted_at_bank AS \"deletedAtBank\", created_at AS \"createdAt\"\n  FROM connector.consents WHERE merchant_id = :merchantId! AND mandate_id = :mandateId!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT id, merchant_id AS "merchantId", mandate_id AS "mandateId", mandate_request_id AS "mandateRequestId", customer_id AS "customerId",
 *        bank_consent_id AS "bankConsentId!", bank_status AS "bankStatus", status_reason AS "statusReason", journey, request, initiation,
 *        debtor_account AS "debtorAccount", currency, vrp_type AS "vrpType", return_uri AS "returnUri", expires_at AS "expiresAt",
 *        link_token_sealed AS "linkTokenSealed", access_token_sealed AS "accessTokenSealed", access_token_expires_at AS "accessTokenExpiresAt",
 *        deleted_at_bank AS "deletedAtBank", created_at AS "createdAt"
 *   FROM connector.consents WHERE merchant_id = :merchantId! AND mandate_id = :mandateId!
 * ```
 */
export const findConsent = new PreparedQuery<IFindConsentParams,IFindConsentResult>(findConsentIR);


/** 'FindConsentByLink' parameters type */
export interface IFindConsentByLinkParams {
  tokenHash: string;
}

/** 'FindConsentByLink' return type */
export interface IFindConsentByLinkResult {
  accessTokenExpiresAt: Date | null;
  accessTokenSealed: string | null;
  bankConsentId: string;
  bankStatus: string;
  createdAt: Date;
  currency: string;
  customerId: string;
  debtorAccount: Json | null;
  deletedAtBank: Date | null;
  expiresAt: Date;
  id: string;
  initiation: Json;
  journey: string;
  linkTokenSealed: string;
  mandateId: string;
  mandateRequestId: string | null;
  merchantId: string;
  request: Json;
  returnUri: string | null;
  statusReason: string | null;
  vrpType: string;
}

/** 'FindConsentByLink' query type */
export interface IFindConsentByLinkQuery {
  params: IFindConsentByLinkParams;
  result: IFindConsentByLinkResult;
}

const findConsentByLinkIR: any = {"usedParamSet":{"tokenHash":true},"params":[{"name":"tokenHash","required":true,"transform":{"type":"scalar"},"locs":[{"a":664,"b":674}]}],"statement":"SELECT id, merchant_id AS \"merchantId\", mandate_id AS \"mandateId\", mandate_request_id AS \"mandateRequestId\", customer_id AS \"customerId\",\n       bank_consent_id AS \"bankConsentId!\", bank_status AS \"bankStatus\", status_reason AS \"statusReason\", journey, request, initiation,\n       debtor_account AS \"debtorAccount\", currency, vrp_type AS \"vrpType\", return_uri AS \"returnUri\", expires_at AS \"expiresAt\",\n       link_token_sealed AS \"linkTokenSealed\", access_token_sealed AS \"accessTokenSealed\", access_token_expires_at AS \"accessTokenExpiresAt\",\n       deleted_at_bank AS \"deletedAtBank\", created_at AS \"createdAt\"\n  FROM connector.consents WHERE link_token_hash = :tokenHash!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT id, merchant_id AS "merchantId", mandate_id AS "mandateId", mandate_request_id AS "mandateRequestId", customer_id AS "customerId",
 *        bank_consent_id AS "bankConsentId!", bank_status AS "bankStatus", status_reason AS "statusReason", journey, request, initiation,
 *        debtor_account AS "debtorAccount", currency, vrp_type AS "vrpType", return_uri AS "returnUri", expires_at AS "expiresAt",
 *        link_token_sealed AS "linkTokenSealed", access_token_sealed AS "accessTokenSealed", access_token_expires_at AS "accessTokenExpiresAt",
 *        deleted_at_bank AS "deletedAtBank", created_at AS "createdAt"
 *   FROM connector.consents WHERE link_token_hash = :tokenHash!
 * ```
 */
export const findConsentByLink = new PreparedQuery<IFindConsentByLinkParams,IFindConsentByLinkResult>(findConsentByLinkIR);


/** 'FindConsentById' parameters type */
export interface IFindConsentByIdParams {
  id: string;
}

/** 'FindConsentById' return type */
export interface IFindConsentByIdResult {
  accessTokenExpiresAt: Date | null;
  accessTokenSealed: string | null;
  bankConsentId: string;
  bankStatus: string;
  createdAt: Date;
  currency: string;
  customerId: string;
  debtorAccount: Json | null;
  deletedAtBank: Date | null;
  expiresAt: Date;
  id: string;
  initiation: Json;
  journey: string;
  linkTokenSealed: string;
  mandateId: string;
  mandateRequestId: string | null;
  merchantId: string;
  request: Json;
  returnUri: string | null;
  statusReason: string | null;
  vrpType: string;
}

/** 'FindConsentById' query type */
export interface IFindConsentByIdQuery {
  params: IFindConsentByIdParams;
  result: IFindConsentByIdResult;
}

const findConsentByIdIR: any = {"usedParamSet":{"id":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":651,"b":654}]}],"statement":"SELECT id, merchant_id AS \"merchantId\", mandate_id AS \"mandateId\", mandate_request_id AS \"mandateRequestId\", customer_id AS \"customerId\",\n       bank_consent_id AS \"bankConsentId!\", bank_status AS \"bankStatus\", status_reason AS \"statusReason\", journey, request, initiation,\n       debtor_account AS \"debtorAccount\", currency, vrp_type AS \"vrpType\", return_uri AS \"returnUri\", expires_at AS \"expiresAt\",\n       link_token_sealed AS \"linkTokenSealed\", access_token_sealed AS \"accessTokenSealed\", access_token_expires_at AS \"accessTokenExpiresAt\",\n       deleted_at_bank AS \"deletedAtBank\", created_at AS \"createdAt\"\n  FROM connector.consents WHERE id = :id!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT id, merchant_id AS "merchantId", mandate_id AS "mandateId", mandate_request_id AS "mandateRequestId", customer_id AS "customerId",
 *        bank_consent_id AS "bankConsentId!", bank_status AS "bankStatus", status_reason AS "statusReason", journey, request, initiation,
 *        debtor_account AS "debtorAccount", currency, vrp_type AS "vrpType", return_uri AS "returnUri", expires_at AS "expiresAt",
 *        link_token_sealed AS "linkTokenSealed", access_token_sealed AS "accessTokenSealed", access_token_expires_at AS "accessTokenExpiresAt",
 *        deleted_at_bank AS "deletedAtBank", created_at AS "createdAt"
 *   FROM connector.consents WHERE id = :id!
 * ```
 */
export const findConsentById = new PreparedQuery<IFindConsentByIdParams,IFindConsentByIdResult>(findConsentByIdIR);


/** 'FindConsentByBankId' parameters type */
export interface IFindConsentByBankIdParams {
  bankConsentId: string;
}

/** 'FindConsentByBankId' return type */
export interface IFindConsentByBankIdResult {
  accessTokenExpiresAt: Date | null;
  accessTokenSealed: string | null;
  bankConsentId: string;
  bankStatus: string;
  createdAt: Date;
  currency: string;
  customerId: string;
  debtorAccount: Json | null;
  deletedAtBank: Date | null;
  expiresAt: Date;
  id: string;
  initiation: Json;
  journey: string;
  linkTokenSealed: string;
  mandateId: string;
  mandateRequestId: string | null;
  merchantId: string;
  request: Json;
  returnUri: string | null;
  statusReason: string | null;
  vrpType: string;
}

/** 'FindConsentByBankId' query type */
export interface IFindConsentByBankIdQuery {
  params: IFindConsentByBankIdParams;
  result: IFindConsentByBankIdResult;
}

const findConsentByBankIdIR: any = {"usedParamSet":{"bankConsentId":true},"params":[{"name":"bankConsentId","required":true,"transform":{"type":"scalar"},"locs":[{"a":664,"b":678}]}],"statement":"SELECT id, merchant_id AS \"merchantId\", mandate_id AS \"mandateId\", mandate_request_id AS \"mandateRequestId\", customer_id AS \"customerId\",\n       bank_consent_id AS \"bankConsentId!\", bank_status AS \"bankStatus\", status_reason AS \"statusReason\", journey, request, initiation,\n       debtor_account AS \"debtorAccount\", currency, vrp_type AS \"vrpType\", return_uri AS \"returnUri\", expires_at AS \"expiresAt\",\n       link_token_sealed AS \"linkTokenSealed\", access_token_sealed AS \"accessTokenSealed\", access_token_expires_at AS \"accessTokenExpiresAt\",\n       deleted_at_bank AS \"deletedAtBank\", created_at AS \"createdAt\"\n  FROM connector.consents WHERE bank_consent_id = :bankConsentId!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT id, merchant_id AS "merchantId", mandate_id AS "mandateId", mandate_request_id AS "mandateRequestId", customer_id AS "customerId",
 *        bank_consent_id AS "bankConsentId!", bank_status AS "bankStatus", status_reason AS "statusReason", journey, request, initiation,
 *        debtor_account AS "debtorAccount", currency, vrp_type AS "vrpType", return_uri AS "returnUri", expires_at AS "expiresAt",
 *        link_token_sealed AS "linkTokenSealed", access_token_sealed AS "accessTokenSealed", access_token_expires_at AS "accessTokenExpiresAt",
 *        deleted_at_bank AS "deletedAtBank", created_at AS "createdAt"
 *   FROM connector.consents WHERE bank_consent_id = :bankConsentId!
 * ```
 */
export const findConsentByBankId = new PreparedQuery<IFindConsentByBankIdParams,IFindConsentByBankIdResult>(findConsentByBankIdIR);


/** 'InsertConsent' parameters type */
export interface IInsertConsentParams {
  currency: string;
  customerId: string;
  expiresAt: DateOrString;
  id: string;
  initiation: Json;
  linkTokenHash: string;
  linkTokenSealed: string;
  mandateId: string;
  mandateRequestId?: string | null | void;
  merchantId: string;
  request: Json;
  returnUri?: string | null | void;
  vrpType: string;
}

/** 'InsertConsent' return type */
export interface IInsertConsentResult {
  id: string;
}

/** 'InsertConsent' query type */
export interface IInsertConsentQuery {
  params: IInsertConsentParams;
  result: IInsertConsentResult;
}

const insertConsentIR: any = {"usedParamSet":{"id":true,"merchantId":true,"mandateId":true,"mandateRequestId":true,"customerId":true,"request":true,"initiation":true,"currency":true,"vrpType":true,"returnUri":true,"expiresAt":true,"linkTokenHash":true,"linkTokenSealed":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":223,"b":226}]},{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":229,"b":240}]},{"name":"mandateId","required":true,"transform":{"type":"scalar"},"locs":[{"a":243,"b":253}]},{"name":"mandateRequestId","required":false,"transform":{"type":"scalar"},"locs":[{"a":256,"b":272}]},{"name":"customerId","required":true,"transform":{"type":"scalar"},"locs":[{"a":275,"b":286}]},{"name":"request","required":true,"transform":{"type":"scalar"},"locs":[{"a":297,"b":305}]},{"name":"initiation","required":true,"transform":{"type":"scalar"},"locs":[{"a":308,"b":319}]},{"name":"currency","required":true,"transform":{"type":"scalar"},"locs":[{"a":322,"b":331}]},{"name":"vrpType","required":true,"transform":{"type":"scalar"},"locs":[{"a":334,"b":342}]},{"name":"returnUri","required":false,"transform":{"type":"scalar"},"locs":[{"a":345,"b":354}]},{"name":"expiresAt","required":true,"transform":{"type":"scalar"},"locs":[{"a":365,"b":375}]},{"name":"linkTokenHash","required":true,"transform":{"type":"scalar"},"locs":[{"a":378,"b":392}]},{"name":"linkTokenSealed","required":true,"transform":{"type":"scalar"},"locs":[{"a":395,"b":411}]}],"statement":"INSERT INTO connector.consents (id, merchant_id, mandate_id, mandate_request_id, customer_id, bank_status, request, initiation,\n       currency, vrp_type, return_uri, expires_at, link_token_hash, link_token_sealed)\nVALUES (:id!, :merchantId!, :mandateId!, :mandateRequestId, :customerId!, 'AWAU', :request!, :initiation!, :currency!, :vrpType!, :returnUri,\n        :expiresAt!, :linkTokenHash!, :linkTokenSealed!)\nON CONFLICT (merchant_id, mandate_id) DO NOTHING RETURNING id"};

/**
 * Query generated from SQL:
 * ```
 * INSERT INTO connector.consents (id, merchant_id, mandate_id, mandate_request_id, customer_id, bank_status, request, initiation,
 *        currency, vrp_type, return_uri, expires_at, link_token_hash, link_token_sealed)
 * VALUES (:id!, :merchantId!, :mandateId!, :mandateRequestId, :customerId!, 'AWAU', :request!, :initiation!, :currency!, :vrpType!, :returnUri,
 *         :expiresAt!, :linkTokenHash!, :linkTokenSealed!)
 * ON CONFLICT (merchant_id, mandate_id) DO NOTHING RETURNING id
 * ```
 */
export const insertConsent = new PreparedQuery<IInsertConsentParams,IInsertConsentResult>(insertConsentIR);


/** 'SetStaged' parameters type */
export interface ISetStagedParams {
  bankConsentId: string;
  bankStatus: string;
  id: string;
  initiation: Json;
}

/** 'SetStaged' return type */
export interface ISetStagedResult {
  accessTokenExpiresAt: Date | null;
  accessTokenSealed: string | null;
  bankConsentId: string;
  bankStatus: string;
  createdAt: Date;
  currency: string;
  customerId: string;
  debtorAccount: Json | null;
  deletedAtBank: Date | null;
  expiresAt: Date;
  id: string;
  initiation: Json;
  journey: string;
  linkTokenSealed: string;
  mandateId: string;
  mandateRequestId: string | null;
  merchantId: string;
  request: Json;
  returnUri: string | null;
  statusReason: string | null;
  vrpType: string;
}

/** 'SetStaged' query type */
export interface ISetStagedQuery {
  params: ISetStagedParams;
  result: ISetStagedResult;
}

const setStagedIR: any = {"usedParamSet":{"bankConsentId":true,"bankStatus":true,"initiation":true,"id":true},"params":[{"name":"bankConsentId","required":true,"transform":{"type":"scalar"},"locs":[{"a":48,"b":62}]},{"name":"bankStatus","required":true,"transform":{"type":"scalar"},"locs":[{"a":79,"b":90}]},{"name":"initiation","required":true,"transform":{"type":"scalar"},"locs":[{"a":106,"b":117}]},{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":151,"b":154}]}],"statement":"UPDATE connector.consents SET bank_consent_id = :bankConsentId!, bank_status = :bankStatus!, initiation = :initiation!, updated_at = now()\n WHERE id = :id!\nRETURNING id, merchant_id AS \"merchantId\", mandate_id AS \"mandateId\", mandate_request_id AS \"mandateRequestId\", customer_id AS \"customerId\",\n       bank_consent_id AS \"bankConsentId!\", bank_status AS \"bankStatus\", status_reason AS \"statusReason\", journey, request, initiation,\n       debtor_account AS \"debtorAccount\", currency, vrp_type AS \"vrpType\", return_uri AS \"returnUri\", expires_at AS \"expiresAt\",\n       link_token_sealed AS \"linkTokenSealed\", access_token_sealed AS \"accessTokenSealed\", access_token_expires_at AS \"accessTokenExpiresAt\",\n       deleted_at_bank AS \"deletedAtBank\", created_at AS \"createdAt\""};

/**
 * Query generated from SQL:
 * ```
 * UPDATE connector.consents SET bank_consent_id = :bankConsentId!, bank_status = :bankStatus!, initiation = :initiation!, updated_at = now()
 *  WHERE id = :id!
 * RETURNING id, merchant_id AS "merchantId", mandate_id AS "mandateId", mandate_request_id AS "mandateRequestId", customer_id AS "customerId",
 *        bank_consent_id AS "bankConsentId!", bank_status AS "bankStatus", status_reason AS "statusReason", journey, request, initiation,
 *        debtor_account AS "debtorAccount", currency, vrp_type AS "vrpType", return_uri AS "returnUri", expires_at AS "expiresAt",
 *        link_token_sealed AS "linkTokenSealed", access_token_sealed AS "accessTokenSealed", access_token_expires_at AS "accessTokenExpiresAt",
 *        deleted_at_bank AS "deletedAtBank", created_at AS "createdAt"
 * ```
 */
export const setStaged = new PreparedQuery<ISetStagedParams,ISetStagedResult>(setStagedIR);


/** 'EndJourney' parameters type */
export interface IEndJourneyParams {
  id: string;
  to: string;
}

/** 'EndJourney' return type */
export interface IEndJourneyResult {
  id: string;
}

/** 'EndJourney' query type */
export interface IEndJourneyQuery {
  params: IEndJourneyParams;
  result: IEndJourneyResult;
}

const endJourneyIR: any = {"usedParamSet":{"to":true,"id":true},"params":[{"name":"to","required":true,"transform":{"type":"scalar"},"locs":[{"a":40,"b":43}]},{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":76,"b":79}]}],"statement":"UPDATE connector.consents SET journey = :to!, updated_at = now() WHERE id = :id! AND journey = 'open' RETURNING id"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE connector.consents SET journey = :to!, updated_at = now() WHERE id = :id! AND journey = 'open' RETURNING id
 * ```
 */
export const endJourney = new PreparedQuery<IEndJourneyParams,IEndJourneyResult>(endJourneyIR);


/** 'SetAuthorised' parameters type */
export interface ISetAuthorisedParams {
  accessTokenExpiresAt?: DateOrString | null | void;
  accessTokenSealed: string;
  debtorAccount?: Json | null | void;
  id: string;
  nextCheckAt: DateOrString;
}

/** 'SetAuthorised' return type */
export interface ISetAuthorisedResult {
  id: string;
}

/** 'SetAuthorised' query type */
export interface ISetAuthorisedQuery {
  params: ISetAuthorisedParams;
  result: ISetAuthorisedResult;
}

const setAuthorisedIR: any = {"usedParamSet":{"accessTokenSealed":true,"accessTokenExpiresAt":true,"debtorAccount":true,"nextCheckAt":true,"id":true},"params":[{"name":"accessTokenSealed","required":true,"transform":{"type":"scalar"},"locs":[{"a":98,"b":116}]},{"name":"accessTokenExpiresAt","required":false,"transform":{"type":"scalar"},"locs":[{"a":152,"b":172}]},{"name":"debtorAccount","required":false,"transform":{"type":"scalar"},"locs":[{"a":201,"b":214}]},{"name":"nextCheckAt","required":true,"transform":{"type":"scalar"},"locs":[{"a":257,"b":269}]},{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":303,"b":306}]}],"statement":"UPDATE connector.consents SET journey = 'authorised', bank_status = 'AUTH', access_token_sealed = :accessTokenSealed!,\n       access_token_expires_at = :accessTokenExpiresAt, debtor_account = COALESCE(:debtorAccount, debtor_account),\n       next_check_at = :nextCheckAt!, updated_at = now()\n WHERE id = :id! AND journey = 'open' RETURNING id"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE connector.consents SET journey = 'authorised', bank_status = 'AUTH', access_token_sealed = :accessTokenSealed!,
 *        access_token_expires_at = :accessTokenExpiresAt, debtor_account = COALESCE(:debtorAccount, debtor_account),
 *        next_check_at = :nextCheckAt!, updated_at = now()
 *  WHERE id = :id! AND journey = 'open' RETURNING id
 * ```
 */
export const setAuthorised = new PreparedQuery<ISetAuthorisedParams,ISetAuthorisedResult>(setAuthorisedIR);


/** 'SetBankStatus' parameters type */
export interface ISetBankStatusParams {
  id: string;
  reason?: string | null | void;
  status: string;
}

/** 'SetBankStatus' return type */
export type ISetBankStatusResult = void;

/** 'SetBankStatus' query type */
export interface ISetBankStatusQuery {
  params: ISetBankStatusParams;
  result: ISetBankStatusResult;
}

const setBankStatusIR: any = {"usedParamSet":{"status":true,"reason":true,"id":true},"params":[{"name":"status","required":true,"transform":{"type":"scalar"},"locs":[{"a":44,"b":51}]},{"name":"reason","required":false,"transform":{"type":"scalar"},"locs":[{"a":79,"b":85}]},{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":134,"b":137}]}],"statement":"UPDATE connector.consents SET bank_status = :status!, status_reason = COALESCE(:reason, status_reason), updated_at = now() WHERE id = :id!"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE connector.consents SET bank_status = :status!, status_reason = COALESCE(:reason, status_reason), updated_at = now() WHERE id = :id!
 * ```
 */
export const setBankStatus = new PreparedQuery<ISetBankStatusParams,ISetBankStatusResult>(setBankStatusIR);


/** 'SetDeleted' parameters type */
export interface ISetDeletedParams {
  id: string;
}

/** 'SetDeleted' return type */
export type ISetDeletedResult = void;

/** 'SetDeleted' query type */
export interface ISetDeletedQuery {
  params: ISetDeletedParams;
  result: ISetDeletedResult;
}

const setDeletedIR: any = {"usedParamSet":{"id":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":236,"b":239}]}],"statement":"UPDATE connector.consents SET deleted_at_bank = COALESCE(deleted_at_bank, now()), bank_status = 'CANC', next_check_at = NULL,\n       journey = CASE WHEN journey = 'open' THEN 'cancelled' ELSE journey END, updated_at = now()\n WHERE id = :id!"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE connector.consents SET deleted_at_bank = COALESCE(deleted_at_bank, now()), bank_status = 'CANC', next_check_at = NULL,
 *        journey = CASE WHEN journey = 'open' THEN 'cancelled' ELSE journey END, updated_at = now()
 *  WHERE id = :id!
 * ```
 */
export const setDeleted = new PreparedQuery<ISetDeletedParams,ISetDeletedResult>(setDeletedIR);


/** 'ClaimConsentsToCheck' parameters type */
export interface IClaimConsentsToCheckParams {
  everyMs: number;
  limit: NumberOrString;
}

/** 'ClaimConsentsToCheck' return type */
export interface IClaimConsentsToCheckResult {
  accessTokenExpiresAt: Date | null;
  accessTokenSealed: string | null;
  bankConsentId: string;
  bankStatus: string;
  createdAt: Date;
  currency: string;
  customerId: string;
  debtorAccount: Json | null;
  deletedAtBank: Date | null;
  expiresAt: Date;
  id: string;
  initiation: Json;
  journey: string;
  linkTokenSealed: string;
  mandateId: string;
  mandateRequestId: string | null;
  merchantId: string;
  request: Json;
  returnUri: string | null;
  statusReason: string | null;
  vrpType: string;
}

/** 'ClaimConsentsToCheck' query type */
export interface IClaimConsentsToCheckQuery {
  params: IClaimConsentsToCheckParams;
  result: IClaimConsentsToCheckResult;
}

const claimConsentsToCheckIR: any = {"usedParamSet":{"everyMs":true,"limit":true},"params":[{"name":"everyMs","required":true,"transform":{"type":"scalar"},"locs":[{"a":78,"b":86}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":264,"b":270}]}],"statement":"UPDATE connector.consents c SET next_check_at = now() + make_interval(secs => :everyMs!::double precision / 1000)\n WHERE c.id IN (SELECT id FROM connector.consents WHERE bank_status = 'AUTH' AND next_check_at <= now()\n                 ORDER BY next_check_at LIMIT :limit! FOR UPDATE SKIP LOCKED)\nRETURNING id, merchant_id AS \"merchantId\", mandate_id AS \"mandateId\", mandate_request_id AS \"mandateRequestId\", customer_id AS \"customerId\",\n       bank_consent_id AS \"bankConsentId!\", bank_status AS \"bankStatus\", status_reason AS \"statusReason\", journey, request, initiation,\n       debtor_account AS \"debtorAccount\", currency, vrp_type AS \"vrpType\", return_uri AS \"returnUri\", expires_at AS \"expiresAt\",\n       link_token_sealed AS \"linkTokenSealed\", access_token_sealed AS \"accessTokenSealed\", access_token_expires_at AS \"accessTokenExpiresAt\",\n       deleted_at_bank AS \"deletedAtBank\", created_at AS \"createdAt\""};

/**
 * Query generated from SQL:
 * ```
 * UPDATE connector.consents c SET next_check_at = now() + make_interval(secs => :everyMs!::double precision / 1000)
 *  WHERE c.id IN (SELECT id FROM connector.consents WHERE bank_status = 'AUTH' AND next_check_at <= now()
 *                  ORDER BY next_check_at LIMIT :limit! FOR UPDATE SKIP LOCKED)
 * RETURNING id, merchant_id AS "merchantId", mandate_id AS "mandateId", mandate_request_id AS "mandateRequestId", customer_id AS "customerId",
 *        bank_consent_id AS "bankConsentId!", bank_status AS "bankStatus", status_reason AS "statusReason", journey, request, initiation,
 *        debtor_account AS "debtorAccount", currency, vrp_type AS "vrpType", return_uri AS "returnUri", expires_at AS "expiresAt",
 *        link_token_sealed AS "linkTokenSealed", access_token_sealed AS "accessTokenSealed", access_token_expires_at AS "accessTokenExpiresAt",
 *        deleted_at_bank AS "deletedAtBank", created_at AS "createdAt"
 * ```
 */
export const claimConsentsToCheck = new PreparedQuery<IClaimConsentsToCheckParams,IClaimConsentsToCheckResult>(claimConsentsToCheckIR);


/** 'CreditorAccountsOf' parameters type */
export interface ICreditorAccountsOfParams {
  merchantId: string;
}

/** 'CreditorAccountsOf' return type */
export interface ICreditorAccountsOfResult {
  account: Json;
}

/** 'CreditorAccountsOf' query type */
export interface ICreditorAccountsOfQuery {
  params: ICreditorAccountsOfParams;
  result: ICreditorAccountsOfResult;
}

const creditorAccountsOfIR: any = {"usedParamSet":{"merchantId":true},"params":[{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":160,"b":171}]}],"statement":"SELECT DISTINCT ON (initiation->'CreditorAccount'->>'Identification') initiation->'CreditorAccount' AS \"account!\"\n  FROM connector.consents WHERE merchant_id = :merchantId! AND initiation ? 'CreditorAccount'"};

/**
 * Query generated from SQL:
 * ```
 * SELECT DISTINCT ON (initiation->'CreditorAccount'->>'Identification') initiation->'CreditorAccount' AS "account!"
 *   FROM connector.consents WHERE merchant_id = :merchantId! AND initiation ? 'CreditorAccount'
 * ```
 */
export const creditorAccountsOf = new PreparedQuery<ICreditorAccountsOfParams,ICreditorAccountsOfResult>(creditorAccountsOfIR);


/** 'ClaimUnrecordedJourneys' parameters type */
export interface IClaimUnrecordedJourneysParams {
  graceMs: number;
  limit: NumberOrString;
}

/** 'ClaimUnrecordedJourneys' return type */
export interface IClaimUnrecordedJourneysResult {
  id: string;
  journey: string;
  mandateRequestId: string;
  merchantId: string;
}

/** 'ClaimUnrecordedJourneys' query type */
export interface IClaimUnrecordedJourneysQuery {
  params: IClaimUnrecordedJourneysParams;
  result: IClaimUnrecordedJourneysResult;
}

const claimUnrecordedJourneysIR: any = {"usedParamSet":{"graceMs":true,"limit":true},"params":[{"name":"graceMs","required":true,"transform":{"type":"scalar"},"locs":[{"a":296,"b":304}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":375,"b":381}]}],"statement":"UPDATE connector.consents c SET updated_at = now()\n WHERE c.id IN (SELECT id FROM connector.consents\n                 WHERE outcome_recorded_at IS NULL AND mandate_request_id IS NOT NULL AND journey IN ('authorised', 'declined')\n                   AND updated_at <= now() - make_interval(secs => :graceMs!::double precision / 1000)\n                 ORDER BY updated_at LIMIT :limit! FOR UPDATE SKIP LOCKED)\nRETURNING id, merchant_id AS \"merchantId\", mandate_request_id AS \"mandateRequestId!\", journey"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE connector.consents c SET updated_at = now()
 *  WHERE c.id IN (SELECT id FROM connector.consents
 *                  WHERE outcome_recorded_at IS NULL AND mandate_request_id IS NOT NULL AND journey IN ('authorised', 'declined')
 *                    AND updated_at <= now() - make_interval(secs => :graceMs!::double precision / 1000)
 *                  ORDER BY updated_at LIMIT :limit! FOR UPDATE SKIP LOCKED)
 * RETURNING id, merchant_id AS "merchantId", mandate_request_id AS "mandateRequestId!", journey
 * ```
 */
export const claimUnrecordedJourneys = new PreparedQuery<IClaimUnrecordedJourneysParams,IClaimUnrecordedJourneysResult>(claimUnrecordedJourneysIR);


/** 'MarkJourneyRecorded' parameters type */
export interface IMarkJourneyRecordedParams {
  id: string;
}

/** 'MarkJourneyRecorded' return type */
export type IMarkJourneyRecordedResult = void;

/** 'MarkJourneyRecorded' query type */
export interface IMarkJourneyRecordedQuery {
  params: IMarkJourneyRecordedParams;
  result: IMarkJourneyRecordedResult;
}

const markJourneyRecordedIR: any = {"usedParamSet":{"id":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":69,"b":72}]}],"statement":"UPDATE connector.consents SET outcome_recorded_at = now() WHERE id = :id!"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE connector.consents SET outcome_recorded_at = now() WHERE id = :id!
 * ```
 */
export const markJourneyRecorded = new PreparedQuery<IMarkJourneyRecordedParams,IMarkJourneyRecordedResult>(markJourneyRecordedIR);


