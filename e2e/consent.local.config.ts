import base from "./playwright.config";

// Local run against a server started by hand (not committed).
export default { ...base, webServer: undefined };
