/**
 * The serializer of the hottest public reads (search, the product page). Their answers are built
 * field by field by typed code (`toSummary`, `toProduct`), so in production they are written as
 * they are: checking each against its zod schema took about a third of a search's time (bench/RESULTS.md).
 * Everywhere else, tests and development included, every answer is still checked against its schema
 * (the app's own serializer compiler).
 */
export function trustedAnswers(env: 'development' | 'production' | 'test'): { serializerCompiler?: () => (data: unknown) => string } {
  return env === 'production' ? { serializerCompiler: () => (data) => JSON.stringify(data) } : {};
}
