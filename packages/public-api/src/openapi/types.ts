/** A JSON value of an OpenAPI document; fragments are plain data, merged by openapiDocument(). */
export type OpenApiObject = Record<string, unknown>;

/** What every fragment exports: the paths it serves and the component schemas they use. */
export interface OpenApiFragment {
  paths: Record<string, OpenApiObject>;
  schemas: Record<string, OpenApiObject>;
}
