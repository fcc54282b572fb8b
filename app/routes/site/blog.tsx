import { BLOG_POSTS } from "~/content/blog";
import { pageTitle } from "~/lib/shared/meta";
import { type Route } from "./+types/blog";

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Blog") },
  { name: "description", content: "Some important interview questions about React and JavaScript, answered." },
];

export default function Blog() {
  return (
    <main id="main" className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="mb-8 text-4xl font-extrabold">Some important interview Qustions</h1>
      <div className="flex flex-col gap-6">
        {BLOG_POSTS.map((post) => (
          <article key={post.question} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <h2 className="text-xl font-bold">{post.question}</h2>
            <p className="mt-3 leading-relaxed text-slate-700">{post.answer}</p>
          </article>
        ))}
      </div>
    </main>
  );
}
