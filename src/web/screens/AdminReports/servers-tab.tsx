// The Servers tab (docs/federation.md "Moderation"): the reports that cross servers, then the
// servers we know of with our deliveries to each and their blocks.
import { RemoteReports } from "./remote-reports";
import { ServerList } from "./server-list";

export function ServersTab() {
  return (
    <div className="space-y-8">
      <RemoteReports />
      <ServerList />
    </div>
  );
}
