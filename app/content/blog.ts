export const BLOG_POSTS = [
  {
    question: "What are the different ways to manage state in a React application?",
    answer:
      "Local state lives in a component with useState or useReducer. State shared by a subtree can be lifted to a common parent or passed through Context. Server state (data from an API) is best handled by the router's loaders or a data-fetching library with caching. Global client state can use a store such as Redux, Zustand or Jotai. URL state (search params) keeps filters and pages shareable.",
  },
  {
    question: "How does prototypal inheritance work?",
    answer:
      "Every JavaScript object has a hidden link to another object, its prototype. When a property is not found on the object itself, the engine looks it up along this prototype chain until it finds it or reaches null. Constructor functions and classes set the prototype of the objects they create, so methods defined once on the prototype are shared by every instance.",
  },
  {
    question: "What is unit testing, and why should we write unit tests?",
    answer:
      "A unit test checks one small piece of code, such as a function, in isolation, with known inputs and expected outputs. Unit tests catch mistakes early, document how the code is meant to behave, and make it safe to change the code later, because a broken behaviour fails a test at once.",
  },
  {
    question: "React vs. Angular vs. Vue?",
    answer:
      "React is a library for building user interfaces with components and JSX, leaving routing and data to other packages. Angular is a complete framework with TypeScript, dependency injection and its own tooling built in. Vue sits in between: an approachable, progressive framework with single-file components and official router and state libraries.",
  },
];
