"""Unit tests of check-workflow.py: the committed workflow passes, and each kind of mistake is found."""

import copy
import importlib.util
import os
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
SPEC = importlib.util.spec_from_file_location("check_workflow", os.path.join(HERE, "check-workflow.py"))
check_workflow = importlib.util.module_from_spec(SPEC)
SPEC.loader.exec_module(check_workflow)
WORKFLOW = os.path.join(check_workflow.ROOT, ".github/workflows/ci.yml")


class CheckWorkflowTests(unittest.TestCase):
    def setUp(self):
        self.workflow = check_workflow.load(WORKFLOW)

    def findings(self, workflow):
        return "\n".join(check_workflow.check(workflow))

    def step(self, workflow, job, name):
        return next(step for step in workflow["jobs"][job]["steps"] if step.get("name") == name)

    def test_committed_workflow_passes(self):
        self.assertEqual(check_workflow.check(self.workflow), [])

    def test_on_is_a_key_in_yaml_1_2(self):
        self.assertIn("on", self.workflow)

    def test_missing_script_is_found(self):
        workflow = copy.deepcopy(self.workflow)
        self.step(workflow, "macos", "Peers (Apple's own UserDefaults argument domain)")["run"] = "bash Tests/Nope/check.sh"
        self.assertIn("names Tests/Nope/check.sh, which does not exist", self.findings(workflow))
        self.assertIn("no step runs the peers check", self.findings(workflow))

    def test_missing_path_in_a_continued_line_is_found(self):
        workflow = copy.deepcopy(self.workflow)
        step = self.step(workflow, "macos", "Consumer package (the plugin from source, no Foundation in the app)")
        step["run"] = "ls \\\n  Sources/NoSuchFolder"
        self.assertIn("names Sources/NoSuchFolder", self.findings(workflow))

    def test_unknown_scheme_and_working_directory_are_found(self):
        workflow = copy.deepcopy(self.workflow)
        step = self.step(workflow, "macos", "A consumer applying the plugin, built in Xcode's own environment")
        step["run"] = step["run"].replace("-scheme BundleConsumer", "-scheme Nope")
        self.assertIn("no scheme Nope", self.findings(workflow))
        step["working-directory"] = "Tests/Gone"
        self.assertIn("working-directory Tests/Gone does not exist", self.findings(workflow))

    def test_scheme_of_a_generated_project_is_a_target_of_its_spec(self):
        workflow = copy.deepcopy(self.workflow)
        step = self.step(workflow, "macos",
                         "An Xcode project's target applying the plugin (XcodeBuildToolPlugin), in Xcode's own environment")
        step["run"] = step["run"].replace("-scheme BundleConsumerApp", "-scheme Nope")
        self.assertIn("no scheme Nope in Tests/BundleConsumer/Xcode", self.findings(workflow))

    def test_linux_job_must_be_ci_run_in_the_swift_image(self):
        workflow = copy.deepcopy(self.workflow)
        workflow["jobs"]["linux"]["container"] = "ubuntu:24.04"
        self.step(workflow, "linux", ".ci/run")["run"] = "swift test"
        findings = self.findings(workflow)
        self.assertIn("not in the official Swift 6.3 image", findings)
        self.assertIn("does not run `bash .ci/run`", findings)

    def test_each_destination_and_the_pinned_xcode_are_required(self):
        workflow = copy.deepcopy(self.workflow)
        step = self.step(workflow, "macos", "ProfileRuntime for iOS, iOS Simulator, tvOS, watchOS (arm64_32), "
                         "visionOS, Mac Catalyst")
        step["run"] = step["run"].replace("'generic/platform=watchOS' ", "")
        workflow["jobs"]["macos"]["env"]["XCODE_APP"] = "/Applications/Xcode.app"
        findings = self.findings(workflow)
        self.assertIn("not built for generic/platform=watchOS", findings)
        self.assertIn("Xcode is not pinned", findings)

    def test_unpinned_action_and_unknown_need_are_found(self):
        workflow = copy.deepcopy(self.workflow)
        workflow["jobs"]["linux"]["steps"][0]["uses"] = "actions/checkout"
        workflow["jobs"]["bundle"]["needs"] = ["linux", "nope"]
        findings = self.findings(workflow)
        self.assertIn("is not pinned", findings)
        self.assertIn("needs unknown job nope", findings)


if __name__ == "__main__":
    unittest.main()
