import { openApiDocument } from '../../src/worker/rest-docs';
import { ApiContract } from './openapi-contract';

/** The document the Worker serves, built once per test runtime. */
export const contract = new ApiContract(openApiDocument());

/** Throws (failing the test that made the request) when an answer contradicts the document. */
export async function expectAnswerDocumented(req: Request, res: Response): Promise<void> {
  const problems = await contract.problems(req.method, new URL(req.url).pathname, {
    status: res.status,
    headers: res.headers,
    text: () => res.clone().text(),
  });
  if (problems.length) throw new Error(`Not what the OpenAPI document says (GET /api/openapi.json):\n${problems.join('\n')}`);
}
