import { Hono, type MiddlewareHandler } from "hono";
import * as v from "valibot";
import { listConversations, readThread, sendMessage, startConversation } from "~/.server/services/messages/messages";
import { conversationIdParam, sendMessageSchema, startConversationSchema } from "~/lib/schemas/messages";
import { conversationShape, createdShape, messageShape } from "~/lib/schemas/responses";
import { type WorkerEnv } from "../../hono-env";
import { allow } from "../core/auth";
import { jsonBody, pathParams } from "../core/json-body";
import { describing, doc } from "../core/openapi";
import { insertedAnswer } from "../core/write-answers";

const TAG = "Messages";

/** A thread's ETag: its newest message's id (a thread changes only by a new message). */
const etagOf = (version: string) => `"${version}"`;
const versionIn = (ifNoneMatch: string | undefined) => ifNoneMatch?.replace(/^W\//, "").replace(/^"|"$/g, "");

// Polling a thread (the open thread page does every few seconds) costs one small read while nothing changed.
const conditionalRead: MiddlewareHandler = describing<MiddlewareHandler>(async (_c, next) => next(), {
  parameters: [
    {
      name: "If-None-Match",
      in: "header",
      required: false,
      description: "The ETag of the thread the client has",
      schema: { type: "string" },
    },
  ],
  responses: { 304: { description: "Nothing new since the ETag in If-None-Match (nothing is marked read)" } },
});

/** Private messages between a buyer and a car's seller: only the two participants ever see a conversation. */
export const conversationsApi = new Hono<WorkerEnv>()
  .post(
    "/",
    doc({
      summary: "Write to a car's seller: starts the caller's conversation about the car, or adds to the one they have",
      tag: TAG,
      status: 201,
      description:
        "The conversation's id (the same one when the buyer asks about that car again). 403 for the car's own seller and other non-buyers; 404 unknown car; 409 sold car; 429 past 30 messages a minute",
      response: createdShape,
      errors: [404, 409, 429],
    }),
    allow("start:conversation"),
    jsonBody(startConversationSchema),
    async (c) => {
      const { conversationId } = await startConversation(c.var.app, c.var.user, c.req.valid("json"));
      return c.json(insertedAnswer(conversationId), 201);
    },
  )
  .get(
    "/",
    doc({
      summary: "The caller's conversations, latest activity first (the newest 100)",
      tag: TAG,
      status: 200,
      description: "Each with its car (null once deleted), the other person's name, the last message and the caller's unread count",
      response: v.array(conversationShape),
    }),
    allow("read:conversations"),
    async (c) => c.json(await listConversations(c.var.app, c.var.user)),
  )
  .get(
    "/:id/messages",
    doc({
      summary: "A conversation's messages, oldest first (the newest 500); reading marks them read",
      tag: TAG,
      status: 200,
      description: "The messages, with an ETag. 404 for anyone but its buyer and seller (admins included)",
      response: v.array(messageShape),
      errors: [404],
    }),
    allow("read:conversation:own"),
    pathParams(conversationIdParam),
    conditionalRead,
    async (c) => {
      const known = versionIn(c.req.header("if-none-match"));
      const thread = await readThread(c.var.app, c.var.user, c.req.valid("param").id, known);
      // Private to the caller, and always asked again: a stale copy would hide new messages.
      c.header("Cache-Control", "private, no-cache");
      c.header("ETag", etagOf(thread === "unchanged" ? known! : thread.version));
      if (thread === "unchanged") return c.body(null, 304);
      return c.json(thread.messages);
    },
  )
  .post(
    "/:id/messages",
    doc({
      summary: "Send a message in a conversation; the other side is notified",
      tag: TAG,
      status: 201,
      description:
        "Sent. 404 for anyone but its buyer and seller (admins included); 409 once an admin closed the conversation; 429 past 30 messages a minute",
      response: createdShape,
      errors: [404, 409, 429],
    }),
    allow("write:conversation:own"),
    pathParams(conversationIdParam),
    jsonBody(sendMessageSchema),
    async (c) => {
      const messageId = await sendMessage(c.var.app, c.var.user, c.req.valid("param").id, c.req.valid("json").text);
      return c.json(insertedAnswer(messageId), 201);
    },
  );
