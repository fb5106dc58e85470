// Command render renders a Helm chart the way Helm 3 does, without Helm: Go's text/template
// with sprig's functions and Helm's own (include, tpl, required, toYaml, fromYaml, toJson,
// fromJson, lookup), the built-in objects (.Values, .Release, .Chart, .Capabilities,
// .Template), values merged from values.yaml, -f files and --set-json overrides. It prints
// every rendered manifest as one YAML stream, each document after a "# Source:" line.
//
//	render -chart deploy/helm/vrp [-f values-production.yaml] [-set-json '{"a":{"b":1}}']
//	       [-name vrp] [-namespace vrp] [-api-versions monitoring.coreos.com/v1] [-upgrade]
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"text/template"

	"github.com/Masterminds/sprig"
	"gopkg.in/yaml.v3"
)

type multiFlag []string

func (m *multiFlag) String() string     { return strings.Join(*m, ",") }
func (m *multiFlag) Set(v string) error { *m = append(*m, v); return nil }

// apiVersions answers .Capabilities.APIVersions.Has like Helm's.
type apiVersions []string

func (a apiVersions) Has(v string) bool {
	for _, x := range a {
		if x == v {
			return true
		}
	}
	return false
}

func fail(format string, args ...interface{}) {
	fmt.Fprintf(os.Stderr, "render: "+format+"\n", args...)
	os.Exit(1)
}

func readYAMLMap(path string) map[string]interface{} {
	raw, err := os.ReadFile(path)
	if err != nil {
		fail("%v", err)
	}
	out := map[string]interface{}{}
	if err := yaml.Unmarshal(raw, &out); err != nil {
		fail("%s: %v", path, err)
	}
	return out
}

// merge lays src over dst as Helm does: maps merge key by key, anything else replaces; null deletes.
func merge(dst, src map[string]interface{}) map[string]interface{} {
	for k, v := range src {
		if v == nil {
			delete(dst, k)
			continue
		}
		if sm, ok := v.(map[string]interface{}); ok {
			if dm, ok := dst[k].(map[string]interface{}); ok {
				dst[k] = merge(dm, sm)
				continue
			}
		}
		dst[k] = v
	}
	return dst
}

func toYAML(v interface{}) string {
	var buf bytes.Buffer
	enc := yaml.NewEncoder(&buf)
	enc.SetIndent(2)
	if err := enc.Encode(v); err != nil {
		return ""
	}
	return strings.TrimSuffix(buf.String(), "\n")
}

func main() {
	chart := flag.String("chart", "", "chart directory")
	releaseName := flag.String("name", "vrp", "release name")
	namespace := flag.String("namespace", "default", "release namespace")
	upgrade := flag.Bool("upgrade", false, "render as an upgrade (.Release.IsUpgrade)")
	var files, sets, apis multiFlag
	flag.Var(&files, "f", "values file (repeatable)")
	flag.Var(&sets, "set-json", "JSON object merged over the values (repeatable)")
	flag.Var(&apis, "api-versions", "extra API version the cluster serves (repeatable)")
	flag.Parse()
	if *chart == "" {
		fail("-chart is required")
	}

	values := readYAMLMap(filepath.Join(*chart, "values.yaml"))
	for _, f := range files {
		values = merge(values, readYAMLMap(f))
	}
	for _, s := range sets {
		over := map[string]interface{}{}
		if err := json.Unmarshal([]byte(s), &over); err != nil {
			fail("-set-json %s: %v", s, err)
		}
		values = merge(values, over)
	}
	meta := readYAMLMap(filepath.Join(*chart, "Chart.yaml"))
	chartObj := map[string]interface{}{}
	for k, v := range meta {
		chartObj[strings.ToUpper(k[:1])+k[1:]] = v
	}
	versions := apiVersions{"v1", "apps/v1", "batch/v1", "policy/v1", "autoscaling/v2", "networking.k8s.io/v1"}
	versions = append(versions, apis...)

	templates, err := filepath.Glob(filepath.Join(*chart, "templates", "*"))
	if err != nil {
		fail("%v", err)
	}
	sort.Strings(templates)
	root := template.New("chart")
	funcs := sprig.TxtFuncMap()
	includeDepth := 0
	funcs["include"] = func(name string, data interface{}) (string, error) {
		includeDepth++
		defer func() { includeDepth-- }()
		if includeDepth > 100 {
			return "", fmt.Errorf("include %q: too deep", name)
		}
		var buf bytes.Buffer
		err := root.ExecuteTemplate(&buf, name, data)
		return buf.String(), err
	}
	funcs["tpl"] = func(text string, data interface{}) (string, error) {
		t, err := root.Clone()
		if err != nil {
			return "", err
		}
		t, err = t.New("tpl").Parse(text)
		if err != nil {
			return "", err
		}
		var buf bytes.Buffer
		err = t.Execute(&buf, data)
		return buf.String(), err
	}
	funcs["required"] = func(msg string, v interface{}) (interface{}, error) {
		if v == nil || v == "" {
			return nil, fmt.Errorf("%s", msg)
		}
		return v, nil
	}
	funcs["toYaml"] = func(v interface{}) string { return toYAML(v) }
	funcs["fromYaml"] = func(s string) map[string]interface{} {
		out := map[string]interface{}{}
		if err := yaml.Unmarshal([]byte(s), &out); err != nil {
			out["Error"] = err.Error()
		}
		return out
	}
	funcs["toJson"] = func(v interface{}) string {
		b, err := json.Marshal(v)
		if err != nil {
			return ""
		}
		return string(b)
	}
	funcs["fromJson"] = func(s string) map[string]interface{} {
		out := map[string]interface{}{}
		if err := json.Unmarshal([]byte(s), &out); err != nil {
			out["Error"] = err.Error()
		}
		return out
	}
	funcs["lookup"] = func(...interface{}) map[string]interface{} { return map[string]interface{}{} }
	root.Funcs(funcs).Option("missingkey=zero")

	for _, path := range templates {
		raw, err := os.ReadFile(path)
		if err != nil {
			fail("%v", err)
		}
		name := "vrp/templates/" + filepath.Base(path)
		if _, err := root.New(name).Parse(string(raw)); err != nil {
			fail("%v", err)
		}
	}

	var out strings.Builder
	for _, path := range templates {
		base := filepath.Base(path)
		if strings.HasPrefix(base, "_") || base == "NOTES.txt" {
			continue
		}
		name := "vrp/templates/" + base
		data := map[string]interface{}{
			"Values": values,
			"Release": map[string]interface{}{
				"Name": *releaseName, "Namespace": *namespace, "Service": "Helm", "Revision": 1,
				"IsInstall": !*upgrade, "IsUpgrade": *upgrade,
			},
			"Chart":        chartObj,
			"Capabilities": map[string]interface{}{"KubeVersion": map[string]interface{}{"Version": "v1.30.0", "Major": "1", "Minor": "30", "GitVersion": "v1.30.0"}, "APIVersions": versions},
			"Template":     map[string]interface{}{"Name": name, "BasePath": "vrp/templates"},
		}
		var buf bytes.Buffer
		if err := root.ExecuteTemplate(&buf, name, data); err != nil {
			fail("%v", err)
		}
		text := strings.ReplaceAll(buf.String(), "<no value>", "")
		for _, doc := range strings.Split(text, "\n---") {
			doc = strings.TrimPrefix(strings.TrimSpace(doc), "---")
			if strings.TrimSpace(doc) == "" {
				continue
			}
			fmt.Fprintf(&out, "---\n# Source: %s\n%s\n", name, strings.TrimSpace(doc))
		}
	}
	fmt.Print(out.String())
}
