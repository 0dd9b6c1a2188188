// /policies (spec-1 §2): the policies dialog over the page; Back (or closing) returns to /.
import { useNavigate } from "react-router";
import { Button } from "../../components/controls/button";
import { PoliciesDialog } from "../../components/dialog/policies-dialog";
import { useStaticPageMeta } from "../../lib/document-head";

export function PoliciesScreen() {
  useStaticPageMeta("policies");
  const navigate = useNavigate();
  const back = () => navigate("/");
  return (
    <PoliciesDialog
      open
      onOpenChange={(open) => {
        if (!open) back();
      }}
      footer={<Button onClick={back}>Back</Button>}
    />
  );
}
