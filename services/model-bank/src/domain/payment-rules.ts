import {
  ERROR_CODES,
  limitPeriod,
  periodAnchor,
  validityBreach,
  type LimitPeriod,
  type ObCashAccount,
  type ObVrpRequest,
} from '@vrp/open-banking';
import type { Consent } from './consent.js';
import type { Limit } from './consent-terms.js';
import type { Problem } from './errors.js';

const CONTROLS = 'Data.ControlParameters';

/** JSON with object keys in order, so two payloads compare equal whatever order their keys came in. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

const sameAccount = (a: ObCashAccount, b: ObCashAccount) =>
  a.SchemeName === b.SchemeName && a.Identification === b.Identification && a.SecondaryIdentification === b.SecondaryIdentification;

/**
 * Where a payment departs from its consent (U008): the Initiation and Risk must be the consent's,
 * the creditor its payee's, and a remittance the consent fixed must be repeated.
 */
export function mismatchProblems(consent: Consent, request: ObVrpRequest): Problem[] {
  const problems: Problem[] = [];
  const mismatch = (path: string, message: string) => problems.push({ code: ERROR_CODES.consentMismatch, message, path });
  if (canonical(request.Data.Initiation) !== canonical(consent.initiation)) mismatch('Data.Initiation', "must be the consent's Initiation");
  if (canonical(request.Risk) !== canonical(consent.risk)) mismatch('Risk', "must be the consent's Risk");
  const payee = consent.initiation.CreditorAccount;
  if (payee && !sameAccount(payee, request.Data.Instruction.CreditorAccount)) {
    mismatch('Data.Instruction.CreditorAccount', "must be the consent's CreditorAccount");
  }
  const remittance = consent.initiation.RemittanceInformation;
  if (remittance && canonical(request.Data.Instruction.RemittanceInformation) !== canonical(remittance)) {
    mismatch('Data.Instruction.RemittanceInformation', "must be the consent's RemittanceInformation");
  }
  return problems;
}

/** A periodic limit's period at some moment, with the limit's place in the consent. */
export interface LimitInPeriod {
  index: number;
  period: LimitPeriod;
}

/**
 * The period each of the consent's periodic limits is in at `at` (its payee's clock); a moment
 * before the consent's first period has none.
 */
export function periodsAt(consent: Consent, limits: Limit[], at: Date): LimitInPeriod[] {
  const anchor = periodAnchor(consent.controlParameters, consent.creationDateTime);
  return limits.flatMap((limit, index) => {
    const period = limitPeriod(limit, limit.amountMinor, anchor, at);
    return period ? [{ index, period }] : [];
  });
}

/**
 * How a payment of `amountMinor` at `at` breaches the consent's control parameters (U014, each
 * naming the control parameter at fault): the validity window, the currency and
 * MaximumIndividualAmount, the VRPType, PSUAuthenticationMethods and PSUInteractionTypes it allows,
 * and each periodic limit given what its current period has used (`usedMinor[i]` for periods[i]).
 */
export function controlProblems(
  consent: Consent,
  request: ObVrpRequest,
  amountMinor: bigint,
  at: Date,
  periods: LimitInPeriod[],
  usedMinor: bigint[],
): Problem[] {
  const problems: Problem[] = [];
  const breach = (field: string, message: string) =>
    problems.push({ code: ERROR_CODES.failsControlParameters, message, path: `${CONTROLS}.${field}` });
  const controls = consent.controlParameters;
  const window = validityBreach(controls, at);
  if (window === 'ValidFromDateTime') breach(window, 'the consent is not valid yet');
  if (window === 'ValidToDateTime') breach(window, 'the consent is no longer valid');
  const instructed = request.Data.Instruction.InstructedAmount;
  if (instructed.Currency !== consent.currency)
    breach('MaximumIndividualAmount.Currency', `payments under this consent are in ${consent.currency}`);
  else if (amountMinor > consent.maxIndividualMinor)
    breach('MaximumIndividualAmount.Amount', 'the amount is over the MaximumIndividualAmount');
  if (!controls.VRPType.includes(request.Data.VRPType)) breach('VRPType', `${request.Data.VRPType} is not a VRPType of the consent`);
  if (!controls.PSUAuthenticationMethods.includes(request.Data.PSUAuthenticationMethod)) {
    breach('PSUAuthenticationMethods', `${request.Data.PSUAuthenticationMethod} is not an authentication method of the consent`);
  }
  const interaction = request.Data.PSUInteractionType ?? 'OffSession';
  if (!(controls.PSUInteractionTypes ?? ['OffSession']).includes(interaction)) {
    breach('PSUInteractionTypes', `${interaction} is not an interaction type of the consent`);
  }
  if (instructed.Currency === consent.currency) {
    periods.forEach(({ index, period }, i) => {
      const used = usedMinor[i] ?? 0n;
      if (used + amountMinor > period.capMinor) {
        breach(`PeriodicLimits[${index}].Amount`, `the amount is over what the period ${period.start} to ${period.end} has left`);
      }
    });
  }
  return problems;
}
