import { type DefaultValue, type SubmissionResult, useForm } from "@conform-to/react";
import { parseSubmission } from "../schemas/field-messages";
import type * as v from "valibot";

/**
 * A Conform form checked in the browser with the very schema its action parses with: first when
 * it is submitted, then again as the user corrects it. The page's form posts work without it.
 */
export function useSchemaForm<Schema extends v.GenericSchema<Record<string, unknown>>>(
  schema: Schema,
  options: { id: string; lastResult?: SubmissionResult<string[]> | null; defaultValue?: DefaultValue<v.InferInput<Schema>> },
) {
  return useForm({
    ...options,
    onValidate: ({ formData }) => parseSubmission(formData, schema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
}
