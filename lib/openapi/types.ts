// The subset of the OpenAPI 3.1 object model this project emits. Schemas are JSON Schema
// 2020-12 (OpenAPI 3.1's dialect), produced by zod, so they stay loosely typed here.

export type JsonSchema = { [keyword: string]: unknown };

export interface Reference {
  $ref: string;
  summary?: string;
  description?: string;
}

export interface Example {
  summary?: string;
  description?: string;
  value: unknown;
}

export interface Header {
  description: string;
  required?: boolean;
  schema: JsonSchema;
}

export interface MediaType {
  schema?: JsonSchema;
  examples?: Record<string, Example>;
  /** OpenAPI 3.2's itemSchema, as an extension: the schema of each line of a streamed body. */
  'x-itemSchema'?: JsonSchema;
}

export interface Parameter {
  name: string;
  in: 'header' | 'query' | 'path' | 'cookie';
  description: string;
  required?: boolean;
  schema: JsonSchema;
}

export interface RequestBody {
  description?: string;
  required: boolean;
  content: Record<string, MediaType>;
}

export interface ResponseObject {
  description: string;
  headers?: Record<string, Header | Reference>;
  content?: Record<string, MediaType>;
}

/** Scheme name to the roles (here: key scopes) the operation needs. */
export type SecurityRequirement = Record<string, string[]>;

export interface Operation {
  operationId: string;
  summary: string;
  description: string;
  tags: string[];
  security: SecurityRequirement[];
  parameters?: (Parameter | Reference)[];
  requestBody?: RequestBody;
  responses: Record<string, ResponseObject | Reference>;
  /** The key scope the operation needs, repeated for tools that do not read security roles. */
  'x-scope'?: string;
}

export type HttpMethod = 'get' | 'post' | 'patch' | 'delete';

export type PathItem = Partial<Record<HttpMethod, Operation>>;

export interface SecurityScheme {
  type: 'http';
  scheme: 'bearer';
  bearerFormat: string;
  description: string;
}

export interface Tag {
  name: string;
  description: string;
}

export interface OpenApiDocument {
  openapi: string;
  jsonSchemaDialect: string;
  info: {
    title: string;
    version: string;
    summary: string;
    description: string;
    contact: { name: string; url?: string; email?: string };
    license: { name: string; identifier?: string; url?: string };
  };
  servers: { url: string; description: string }[];
  tags: Tag[];
  paths: Record<string, PathItem>;
  /** What Verity sends to a workspace's endpoints (OpenAPI 3.1 webhooks), by event type. */
  webhooks: Record<string, PathItem>;
  components: {
    schemas: Record<string, JsonSchema>;
    headers: Record<string, Header>;
    parameters: Record<string, Parameter>;
    securitySchemes: Record<string, SecurityScheme>;
  };
}
