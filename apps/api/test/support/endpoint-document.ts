import Fastify from 'fastify';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform, jsonSchemaTransformObject, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { endpoints, type EndpointSchemas } from '@kedai/contract';

/**
 * The OpenAPI document of an app whose only routes are the contract's endpoint list, answering
 * nothing: through the same conversion as the API's, so it can be compared with the served one
 * (contract.test.ts) or read for what the contract declares (request-constraints.test.ts).
 */
export async function documentOfEndpointList<Document>(): Promise<Document> {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(swagger, {
    openapi: { info: { title: 'endpoints', version: '0' } },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  for (const [key, schemas] of Object.entries(endpoints) as [string, EndpointSchemas][]) {
    const [method, url] = key.split(' ') as ['GET' | 'POST' | 'PUT' | 'DELETE', string];
    const schema: Record<string, unknown> = { response: { [schemas.status ?? 200]: schemas.response } };
    if (schemas.params) schema.params = schemas.params;
    if (schemas.query) schema.querystring = schemas.query;
    if (schemas.body) schema.body = schemas.body;
    // A body that is not JSON (`POST /admin/image`: the image's bytes) names its content types.
    if (schemas.consumes) schema.consumes = [...schemas.consumes];
    app.route({ method, url, schema, handler: async () => null });
  }
  await app.ready();
  const document = app.swagger() as unknown as Document;
  await app.close();
  return document;
}
