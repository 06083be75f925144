/** The home texts in English; they load with the screens that use them. */
export const homeMessagesEn = {
  home: {
    title: "Home",
    greeting: "Hello, {{name}}",
    organization: "Organisation",
    areas: "Your areas",
    noAreas: "Your account has no areas yet. Ask the shop owner to grant functions.",
    shop: "Shop",
    noShop: "This organisation has no shop yet.",
    openShop: "Open a shop",
    shopStatus: { opening: "Being opened", open: "Open", closed: "Closed" },
    brand: "Brand",
    status: "Status",
  },
};
