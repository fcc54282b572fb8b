/** The short company pages linked from the footer. */
export const INFO_PAGES: Record<string, { title: string; body: string[] }> = {
  about: {
    title: "About us",
    body: [
      "Auto Reseller is a marketplace for used cars in Bangladesh. Sellers list their cars with photos and honest condition reports; buyers browse by category, book a car and pay securely by card.",
      "Admins review reported listings and verify sellers, so you can buy with confidence.",
    ],
  },
  contact: {
    title: "Contact",
    body: [
      "Questions about a listing? Use the contact number on the car's card to reach its seller directly.",
      "For help with your account or a payment, write to support@autoreseller.example and we answer within one working day.",
    ],
  },
  jobs: {
    title: "Jobs",
    body: ["We are a small team building the best place to buy and sell a used car. We have no open positions right now; check back soon."],
  },
  "press-kit": {
    title: "Press kit",
    body: ["For press enquiries, logos and screenshots, write to press@autoreseller.example."],
  },
};
