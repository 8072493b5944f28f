// Lets routes declare zod schemas for params, query and body: Fastify validates with them and types the handler.
import type { FastifyPluginAsync, FastifySchemaCompiler, FastifyTypeProvider, RawServerDefault } from 'fastify';
import type { z } from 'zod';

export interface ZodTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends z.ZodType ? z.output<this['schema']> : unknown;
  serializer: this['schema'] extends z.ZodType ? z.input<this['schema']> : unknown;
}

/** A route plugin whose schemas are zod schemas. */
export type ZodRoutes<Options extends Record<string, unknown> = Record<never, never>> = FastifyPluginAsync<Options, RawServerDefault, ZodTypeProvider>;

/** The ZodError itself becomes the validation error; errors.ts turns it into field messages. */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data);
    return result.success ? { value: result.data } : { error: result.error };
  };
