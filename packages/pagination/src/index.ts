export { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, keysetQuery, pageOf, type KeysetFields, type KeysetQuery } from './keyset.js';
export { SqlFilter, keysetPageSql, keysetSql, type KeysetSql } from './keyset-sql.js';
export { MAX_METADATA_FILTERS, metadataDocuments, metadataFilter } from './metadata-filter.js';
export { MAX_REPORT_DAYS, reportDays } from './report-days.js';
