import { useEffect, useRef } from "react";
import { useLocation, useSubmit } from "react-router";
import { PAGE_FILTERS, type PageFilter } from "./search-params";
import { type SearchQuery } from "../schemas/search";

/** Typed fields apply after a pause in typing; the rest as soon as they change. */
const TYPED = new Set(["q", "minPrice", "maxPrice", "minYear", "maxYear", "maxMileage"]);
const TYPING_PAUSE_MS = 300;
const FORM_FIELDS = [...PAGE_FILTERS, "sort"] as const;

/**
 * The search form's behaviour. Without JavaScript it is a plain GET form; with it, a change applies
 * at once (typing after a pause, replacing the history entry), the URL keeps only values that are
 * set, and fields follow the URL when it changes from elsewhere (a chip, back and forward).
 */
export function useSearchForm(state: { path: string; query: SearchQuery }, suggestions: { make: string[]; model: string[] }) {
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  const timer = useRef<number | undefined>(undefined);
  const location = useLocation();

  const apply = (replace: boolean) => {
    window.clearTimeout(timer.current);
    const form = formRef.current;
    if (!form) return;
    const params = new URLSearchParams();
    for (const [key, value] of new FormData(form)) {
      if (typeof value !== "string" || value.trim() === "" || (key === "sort" && value === "newest")) continue;
      params.set(key, value.trim());
    }
    void submit(params, { method: "get", action: state.path, replace, preventScrollReset: true });
  };

  const onChange = (event: React.ChangeEvent<HTMLFormElement | HTMLInputElement | HTMLSelectElement>) => {
    const field = event.target as HTMLInputElement | HTMLSelectElement;
    if (TYPED.has(field.name)) {
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => apply(true), TYPING_PAUSE_MS);
    } else if (field.name === "make" || field.name === "model") {
      // A make or model applies once it is whole: picked from the suggestions, cleared, or on leaving the box.
      const known = suggestions[field.name].some((value) => value.toLowerCase() === field.value.trim().toLowerCase());
      if (known || field.value === "") apply(false);
    } else if (field.name) {
      apply(false);
    }
  };

  const onBlur = (event: React.FocusEvent<HTMLFormElement>) => {
    const field = event.target as unknown as HTMLInputElement;
    if (field.name !== "make" && field.name !== "model") return;
    if (field.value.trim() !== (state.query[field.name] ?? "")) apply(false);
  };

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    apply(false);
  };

  useEffect(() => () => window.clearTimeout(timer.current), []);

  // When the URL changes, fields show what it holds, except the one being typed in.
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    for (const key of FORM_FIELDS) {
      const field = form.elements.namedItem(key);
      if (!(field instanceof HTMLInputElement || field instanceof HTMLSelectElement) || field === document.activeElement) continue;
      field.value = key === "sort" ? state.query.sort : String(state.query[key as PageFilter] ?? "");
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the URL is what changed
  }, [location.search]);

  return { formRef, onChange, onBlur, onSubmit };
}
