// Runs the service simulator until Ctrl-C: `npm run simulator`.
import { startSimulator } from '../testbed/simulator/simulator';

const simulator = await startSimulator({
  apiPort: Number(process.env.SIM_API_PORT ?? 0),
  nodePort: Number(process.env.SIM_NODE_PORT ?? 0),
});
const [account] = simulator.accounts;
console.log(`API server:  ${simulator.apiUrl}  (getUser)`);
console.log(`Node server: ${simulator.nodeUrl}  (getDatasetCapacity)`);
if (account)
  console.log(
    `Account: user ID "${account.userId}", apps password "${account.password}", API key "${account.apiKey}"`,
  );
process.on('SIGINT', () => void simulator.close().then(() => process.exit(0)));
