import { zodResolver } from '@hookform/resolvers/zod';
import type { ComponentProps, ReactNode } from 'react';
import { FormProvider, useForm, type FieldValues, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';

type Schema = z.ZodType<FieldValues, FieldValues>;

export type FormMethods<S extends Schema> = UseFormReturn<z.input<S>, unknown, z.output<S>>;

type FormProps<S extends Schema> = Omit<ComponentProps<'form'>, 'onSubmit' | 'children'> & {
  /** The zod schema the mutation exports: the form checks exactly what the API layer checks. */
  schema: S;
  /** Called with the schema's output once every field passes. */
  onSubmit: (values: z.output<S>, methods: FormMethods<S>) => void;
  options?: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'>;
  children: (methods: FormMethods<S>) => ReactNode;
};

/**
 * A form over react-hook-form, validated by a zod schema. A refused field shows the
 * schema's message beside it (see Field) and takes the focus; nothing reaches the
 * server until the whole form passes.
 */
export function Form<S extends Schema>({ schema, onSubmit, options, children, ...props }: FormProps<S>) {
  const methods = useForm<z.input<S>, unknown, z.output<S>>({ ...options, resolver: zodResolver(schema) });
  return (
    <FormProvider {...methods}>
      <form noValidate onSubmit={methods.handleSubmit((values) => onSubmit(values, methods))} {...props}>
        {children(methods)}
      </form>
    </FormProvider>
  );
}
