/**
 * The payment stack for other packages' tests (`@vrp/payment-service/testing`): the mandate and
 * payment services and a stand-in of the bank connector over real gRPC, with the fixtures that drive them.
 */
export { codeOf, CS, failAtBank, ManualClock, newMerchant, pay, PS, seedMandate, settleAtBank, waitForStatus } from './fixtures.js';
export { startStack, type Stack, type StackOptions } from './stack.js';
