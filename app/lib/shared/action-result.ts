/** What a small row or card action answers: a message for a toast or a status line. */
export interface ActionResult {
  ok: boolean;
  message: string;
  title?: string;
}
