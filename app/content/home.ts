import { type Slide } from "~/components/site/carousel";
import { type FaqItem } from "~/components/site/faq";
import { BUYER_PROTECTION } from "./deal";

export const HOME_SLIDES: Slide[] = [
  {
    headline: "Toyota: reliability you can resell",
    text: "Corollas, Premios and Land Cruisers checked and priced fairly, ready for their next owner.",
    background: "bg-gradient-to-r from-red-800 to-slate-900",
    picture: "/slides/toyota.svg",
  },
  {
    headline: "Honda: drive more, spend less",
    text: "Efficient Civics and Vezels from sellers across Bangladesh.",
    background: "bg-gradient-to-r from-slate-800 to-blue-900",
    picture: "/slides/honda.svg",
  },
  {
    headline: "Nissan: built for every road",
    text: "X-Trails and Sunnys with clear history and honest condition reports.",
    background: "bg-gradient-to-r from-emerald-900 to-slate-900",
    picture: "/slides/nissan.svg",
  },
  {
    headline: "Mitsubishi: tough on the journey",
    text: "Pajeros and Outlanders for family trips and rough terrain.",
    background: "bg-gradient-to-r from-indigo-900 to-slate-900",
    picture: "/slides/mitsubishi.svg",
  },
  {
    headline: "Hyundai: modern comfort, fair price",
    text: "Tucsons and Elantras with features you will love at resale prices.",
    background: "bg-gradient-to-r from-sky-900 to-slate-900",
    picture: "/slides/hyundai.svg",
  },
];

export const HOME_FAQ: FaqItem[] = [
  {
    question: "How do I check a used car's history?",
    answer:
      "Ask the seller for the 17-digit VIN (vehicle identification number) and run it through a vehicle history service. It shows past owners, accidents and service records before you book a meeting.",
  },
  {
    question: "How are the prices on Auto Reseller set?",
    answer:
      "Sellers set their own resale price, and our market guide is refreshed with weekly pricing updates so you can compare each offer with what similar cars sell for.",
  },
  {
    question: "How quickly do new listings appear?",
    answer:
      "Most listings appear at once. Data from our partner dealers is pushed to the marketplace within 72 hours, so check back often for new arrivals.",
  },
  {
    question: "Is it safe to pay by card?",
    answer: `Yes. Card payments are processed by our payment provider; we never see or store your card number, and a car is sold only once, to the first buyer whose payment succeeds. ${BUYER_PROTECTION}`,
  },
];
