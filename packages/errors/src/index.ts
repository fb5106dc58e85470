export { ERROR_CODES, isErrorCode, type ErrorCode } from './codes.js';
export { ApiError, isApiError, notFound, required, validationError, type FieldProblem } from './api-error.js';
export { dependencyOrigin, isUnavailableDependency, markDependencyError, originalFault, unexpectedError } from './unavailable.js';
