/** The code a new function starts with: the contract every function type shares. */
export const NEW_FUNCTION_TEMPLATE = `/**
 * Called with the incoming payload (input) and the function's context.
 * Return (or resolve to) a JSON value. console.log lines show in the test run.
 */
function main(input, context) {
  console.log('input', input);
  return input;
}
`;

/** A sample payload to try a function with. */
export const SAMPLE_PAYLOAD = `{
  "countIn": 12,
  "countOut": 7,
  "time": "2024-05-01T12:00:00Z"
}
`;
