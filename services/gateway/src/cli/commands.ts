import { presentCustomer } from '@vrp/public-api';
import { notFound } from '@vrp/errors';
import type { GatewayConfig } from '../config.js';
import type { ConsoleAccounts } from '../db/console-accounts.js';
import type { MerchantRepository } from '../db/merchants.js';
import type { GatewayClients } from '../clients.js';
import { createCustomer } from '../usecases/create-customer.js';
import { createMerchant } from '../usecases/create-merchant.js';
import { updateMerchant } from '../usecases/update-merchant.js';
import type { MerchantRecord } from '../db/merchants.js';
import { createConsoleUser } from '../usecases/console-team.js';
import { createToken } from '../usecases/create-token.js';
import { revokeToken } from '../usecases/revoke-token.js';
import type { AuditLog } from '../db/audit-log.js';
import { isRole, ROLES } from '../domain/roles.js';
import { validationError } from '@vrp/errors';

/** What a command may use; the mandate client is created only for commands that need it. */
export interface CliContext {
  config: GatewayConfig;
  merchants: MerchantRepository;
  consoleAccounts: ConsoleAccounts;
  /** The audit log: the operator's token and user changes are recorded there too. */
  audit: AuditLog;
  /** Standard input, read to its end (passwords never go on the command line). */
  readStdin(): Promise<string>;
  mandateClient(): GatewayClients['mandate'];
}

type Options = Record<string, string | boolean | undefined>;

/** One operator command: its usage line, its options and what it does. Output is JSON on stdout. */
export interface Command {
  usage: string;
  summary: string;
  options: Record<string, { value: boolean; required?: boolean; help: string }>;
  run(ctx: CliContext, options: Options): Promise<unknown>;
}

const str = (v: string | boolean | undefined) => (typeof v === 'string' ? v : undefined);

/** The creditor account options every merchant command takes. */
const CREDITOR_OPTIONS = {
  'creditor-account-scheme': { value: true, help: 'OB account scheme, e.g. UK.OBIE.SortCodeAccountNumber (with the id and name)' },
  'creditor-account-id': { value: true, help: "The account's identification in that scheme, e.g. 20000012345678" },
  'creditor-account-name': { value: true, help: 'The account holder, shown to customers as the payee' },
} as const;

const creditorAccountOf = (o: Options) => ({
  ...(str(o['creditor-account-scheme']) !== undefined ? { scheme: str(o['creditor-account-scheme'])! } : {}),
  ...(str(o['creditor-account-id']) !== undefined ? { identification: str(o['creditor-account-id'])! } : {}),
  ...(str(o['creditor-account-name']) !== undefined ? { name: str(o['creditor-account-name'])! } : {}),
});

/** A merchant's creditor account as the CLI prints it: null while none is set (sandbox then uses a model account). */
const creditorAccountJson = (m: MerchantRecord) =>
  m.creditorAccount ? { scheme: m.creditorAccount.scheme, id: m.creditorAccount.identification, name: m.creditorAccount.name } : null;

/** Every command, by "<group> <verb>". */
export const COMMANDS: Record<string, Command> = {
  'merchants create': {
    usage:
      'merchants create --name NAME --payout-currency CCY [--creditor-account-scheme S --creditor-account-id ID --creditor-account-name NAME]',
    summary: 'Onboard a merchant and print its first API token (shown only once).',
    options: {
      name: { value: true, required: true, help: 'Display name' },
      'payout-currency': { value: true, required: true, help: 'ISO 4217 code, e.g. GBP' },
      ...CREDITOR_OPTIONS,
    },
    async run(ctx, o) {
      const created = await createMerchant(ctx.merchants, ctx.config.env, {
        name: str(o.name)!,
        payoutCurrency: str(o['payout-currency'])!,
        creditorAccount: creditorAccountOf(o),
      });
      const m = created.merchant;
      return {
        id: m.id,
        name: m.name,
        payout_currency: m.payoutCurrency,
        creditor_account: creditorAccountJson(m),
        environment: ctx.config.env,
        created_at: m.createdAt.toISOString(),
        token_id: created.tokenId,
        access_token: created.accessToken,
      };
    },
  },
  'merchants update': {
    usage:
      'merchants update --merchant MERCHANT_ID [--name NAME] [--creditor-account-scheme S --creditor-account-id ID --creditor-account-name NAME]',
    summary: "Change a merchant's name or the account its customers' consents pay into (mandate requests made from now on).",
    options: {
      merchant: { value: true, required: true, help: 'Merchant id (MR...)' },
      name: { value: true, help: 'New display name' },
      ...CREDITOR_OPTIONS,
    },
    async run(ctx, o) {
      const m = await updateMerchant(ctx.merchants, str(o.merchant)!, {
        ...(str(o.name) !== undefined ? { name: str(o.name)! } : {}),
        creditorAccount: creditorAccountOf(o),
      });
      return {
        id: m.id,
        name: m.name,
        payout_currency: m.payoutCurrency,
        creditor_account: creditorAccountJson(m),
        created_at: m.createdAt.toISOString(),
      };
    },
  },
  'merchants list': {
    usage: 'merchants list',
    summary: 'List every merchant, oldest first.',
    options: {},
    async run(ctx) {
      return (await ctx.merchants.list()).map((m) => ({
        id: m.id,
        name: m.name,
        payout_currency: m.payoutCurrency,
        created_at: m.createdAt.toISOString(),
      }));
    },
  },
  'tokens create': {
    usage: 'tokens create --merchant MERCHANT_ID',
    summary: 'Issue another API token for a merchant (shown only once).',
    options: { merchant: { value: true, required: true, help: 'Merchant id (MR...)' } },
    async run(ctx, o) {
      const t = await createToken(ctx.merchants, ctx.config.env, str(o.merchant)!);
      await ctx.audit.record({
        merchantId: t.merchantId,
        actor: { type: 'operator' },
        action: 'token.created',
        target: { type: 'token', id: t.tokenId },
      });
      return { token_id: t.tokenId, merchant_id: t.merchantId, environment: ctx.config.env, access_token: t.accessToken };
    },
  },
  'tokens revoke': {
    usage: 'tokens revoke (--token-id TOKEN_ID | --token TOKEN)',
    summary: 'Revoke a token; it stops working immediately.',
    options: { 'token-id': { value: true, help: 'Token id (TK...)' }, token: { value: true, help: 'The token itself' } },
    async run(ctx, o) {
      const r = await revokeToken(ctx.merchants, { tokenId: str(o['token-id']), token: str(o.token) });
      await ctx.audit.record({
        merchantId: r.merchantId,
        actor: { type: 'operator' },
        action: 'token.revoked',
        target: { type: 'token', id: r.tokenId },
      });
      return { token_id: r.tokenId, merchant_id: r.merchantId, revoked: true };
    },
  },
  'users create': {
    usage: 'users create --merchant MERCHANT_ID --email EMAIL [--role owner|developer|viewer] --password-stdin',
    summary: 'Create a Merchant Console user of a merchant; the password is read from standard input.',
    options: {
      merchant: { value: true, required: true, help: 'Merchant id (MR...)' },
      email: { value: true, required: true, help: 'The email the user signs in with' },
      role: { value: true, help: 'owner (default: everything), developer (tokens, endpoints, events) or viewer (read only)' },
      'password-stdin': { value: false, required: true, help: 'Read the password (12 to 200 characters) from standard input' },
    },
    async run(ctx, o) {
      // One trailing newline is what `echo` and a typed line add; it is not part of the password.
      const role = str(o.role) ?? 'owner';
      if (!isRole(role)) throw validationError('role', `must be one of ${ROLES.join(', ')}`);
      const password = (await ctx.readStdin()).replace(/\r?\n$/, '');
      const user = await createConsoleUser(
        { accounts: ctx.consoleAccounts, merchants: ctx.merchants, audit: ctx.audit, scryptLogN: ctx.config.passwordScryptLogN },
        { merchantId: str(o.merchant)!, email: str(o.email)!, password, role },
      );
      return { id: user.id, merchant_id: user.merchantId, email: user.email, role: user.role };
    },
  },
  'customers create': {
    usage: 'customers create --merchant MERCHANT_ID [--email EMAIL] [--name NAME] [--reference REF] [--sca-completed]',
    summary: 'Register a customer of a merchant with the mandate service, with the details given.',
    options: {
      merchant: { value: true, required: true, help: 'Merchant id (MR...)' },
      email: { value: true, help: "The customer's email address" },
      name: { value: true, help: "The customer's name" },
      reference: { value: true, help: "The merchant's own reference for the customer (at most 64 characters)" },
      'sca-completed': { value: false, help: 'The customer has completed SCA' },
    },
    async run(ctx, o) {
      const merchantId = str(o.merchant)!;
      if (!(await ctx.merchants.find(merchantId))) throw notFound('merchant', merchantId);
      const c = await createCustomer(ctx.mandateClient(), {
        merchantId,
        scaCompleted: o['sca-completed'] === true,
        email: str(o.email),
        name: str(o.name),
        reference: str(o.reference),
      });
      return { ...presentCustomer(c), merchant_id: merchantId };
    },
  },
};
