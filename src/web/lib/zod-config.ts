// Imported first by the browser entry: zod would probe for eval (new Function) to speed up object
// parsing, which the page's Content-Security-Policy (script-src 'self') refuses, and Chrome logs
// the refusal as an issue. Parsing without it is fast enough for the app's answers.
import { z } from "zod";

z.config({ jitless: true });
