export { currencyCodes, isCurrency, minorDigits } from './currencies.js';
export { MAX_MINOR, formatAmount, minorInDigits, oneMajorUnit, parseAmount, type AmountProblem, type ParseResult } from './amount.js';
