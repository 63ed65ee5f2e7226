// The query endpoints' wiring: the AI tasks for a request's platform (the heuristic engine (the embedded
// default) when no AI endpoint is configured). The SQL endpoint's options are in ./rdbms.ts, so the
// other query Lambdas do not bundle the SQL parser and driver.
import { heuristicTasks } from '../ai/heuristic-tasks';
import { prepareModel, type QueryModel, type SharedQueryBody } from '../query/shared';
import { aiPlatformConfig } from './core';

export const queryModel = (body: SharedQueryBody): Promise<QueryModel> =>
  prepareModel(body, aiPlatformConfig(), heuristicTasks);
