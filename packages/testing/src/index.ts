export { REPO_ROOT, applyMigrations, createTestDatabase, type TestDatabase } from './database.js';
export { TEST_DATABASE_ADMIN_URL } from './config.js';
export { TEST_NATS_URL, createTestStream, type TestStream } from './stream.js';
export { waitFor } from './wait.js';
export { startPrivateNatsServer, type PrivateNatsServer } from './nats-server.js';
export { startPrivateNatsCluster, type NatsClusterNode, type PrivateNatsCluster } from './nats-cluster.js';
export { startPrivatePostgres, type PrivatePostgresServer } from './postgres-server.js';
export { portRange, reservePort } from './ports.js';
export { generateTestTls, type TestTls } from './tls.js';
export { heldResources, occupyPort, type HeldResources } from './start-up-probe.js';
export { checkStartUpRelease, type StartUpSubject } from './start-up-release.js';
export { TestReceiver, type Behaviour, type Received } from './receiver.js';
export { pageRead, planNodes, planOf, type PlanNode } from './plan.js';
export { namedQueries, squeezeSql, type NamedQuery } from './named-queries.js';
export {
  generateBankCredentials,
  writeBankCredentials,
  type BankCredentialFiles,
  type BankCredentials,
  type SigningKey,
} from './bank-credentials.js';
