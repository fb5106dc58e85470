import { timestampDate, timestampFromDate } from '@bufbuild/protobuf/wkt';
import { connector as cpb } from '@vrp/contracts';
import { readMandateRequest, setAuthorisationUrl, type MandateRequestRow, type StoredCreditorAccount } from '../db/mandate-requests.js';
import type { StoredControls } from '../domain/mandate-controls.js';
import type { MandateRow } from '../db/mandates.js';
import type { Deps } from '../deps.js';

const FREQUENCY: Record<string, cpb.Frequency> = {
  daily: cpb.Frequency.DAILY,
  weekly: cpb.Frequency.WEEKLY,
  monthly: cpb.Frequency.MONTHLY,
  adhoc: cpb.Frequency.ADHOC,
};
const PERIOD: Record<string, cpb.Period> = {
  day: cpb.Period.DAY,
  week: cpb.Period.WEEK,
  fortnight: cpb.Period.FORTNIGHT,
  month: cpb.Period.MONTH,
  half_year: cpb.Period.HALF_YEAR,
  year: cpb.Period.YEAR,
};

/** What a consent's terms are made of: a mandate request's or a mandate's own terms. */
type TermsSource = Pick<MandateRequestRow, 'maximumAmountMinor' | 'currency' | 'frequency' | 'description' | 'controls' | 'vrpType'>;

/** The consent's terms, as the connector asks the bank for them. */
function consentTerms(row: TermsSource): cpb.StageConsentRequest['terms'] {
  const controls = row.controls as unknown as StoredControls | null;
  return {
    maximumAmountMinor: row.maximumAmountMinor,
    currency: row.currency,
    frequency: FREQUENCY[row.frequency] ?? cpb.Frequency.UNSPECIFIED,
    description: row.description,
    vrpType: row.vrpType === 'sweeping' ? cpb.VrpType.SWEEPING : cpb.VrpType.COMMERCIAL,
    proRateFirstPeriod: controls?.pro_rate_first_period === true,
    periodicLimits: (controls?.periodic_limits ?? []).map((l) => ({
      period: PERIOD[l.period] ?? cpb.Period.UNSPECIFIED,
      alignment: l.alignment === 'calendar' ? cpb.Alignment.CALENDAR : cpb.Alignment.CONSENT,
      maxAmountMinor: l.max_amount_minor !== undefined ? BigInt(l.max_amount_minor) : 0n,
      maxPayments: l.max_payments ?? 0,
    })),
    ...(controls?.valid_from ? { validFrom: timestampFromDate(new Date(controls.valid_from)) } : {}),
    ...(controls?.valid_to ? { validTo: timestampFromDate(new Date(controls.valid_to)) } : {}),
  } as cpb.StageConsentRequest['terms'];
}

/**
 * Stages the request's consent at the bank, after its row has committed, and records the link once.
 * The connector stages one consent per mandate (its idempotency key is the reserved mandate id), so
 * a repeat after a lost answer, or two racing repeats of one create, get the same consent and link.
 * A request staged already, or no longer awaiting authorisation, is answered as it is.
 */
export async function stageConsent(deps: Deps, row: MandateRequestRow): Promise<MandateRequestRow> {
  if (row.authorisationUrl !== null || row.status !== 'awaiting_authorisation') return row;
  const creditor = row.creditorAccount as unknown as StoredCreditorAccount;
  const staged = await deps.connector.stageConsent({
    merchantId: row.merchantId,
    mandateId: row.mandateId,
    mandateRequestId: row.id,
    customerId: row.customerId,
    terms: consentTerms(row),
    creditorAccount: creditor,
    returnUri: row.redirectUri,
    expiresAt: timestampFromDate(row.expiresAt),
  });
  const recorded = await setAuthorisationUrl(deps.sql, row.merchantId, row.id, staged.authorisationUrl);
  return recorded ?? (await readMandateRequest(deps.sql, row.merchantId, row.id)) ?? row;
}

/**
 * Stages the consent of a mandate created directly (its customer's SCA complete), after the mandate
 * has committed, with the merchant's account as the payee. The connector stages one consent per
 * mandate, so a repeated create (same Idempotency-Key) or racing repeats stage it once; a mandate no
 * longer pending has nothing to stage. Answers the customer's authorisation link, or null when
 * nothing was staged.
 */
export async function stageMandateConsent(
  deps: Deps,
  row: MandateRow,
  creditor: StoredCreditorAccount,
): Promise<{ url: string; expiresAt: Date | null } | null> {
  if (row.status !== 'pending_sca') return null;
  const staged = await deps.connector.stageConsent({
    merchantId: row.merchantId,
    mandateId: row.id,
    customerId: row.customerId,
    terms: consentTerms(row),
    creditorAccount: creditor,
  });
  return { url: staged.authorisationUrl, expiresAt: staged.authorisationExpiresAt ? timestampDate(staged.authorisationExpiresAt) : null };
}
