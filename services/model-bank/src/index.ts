export { startModelBank, type ModelBank } from './app.js';
export { DEFAULT_CREDENTIALS_DIR, SANDBOX_BACK_OFFICE_TOKEN, loadModelBankConfig, type ModelBankConfig } from './config.js';
export { registeredClients, type RegisteredClient } from './domain/clients.js';
export { BANK_SORT_CODE } from './domain/account.js';
