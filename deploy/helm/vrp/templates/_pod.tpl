{{/*
Pod pieces shared by the service Deployments and the migration Jobs.
Context everywhere: dict "root" $ "name" <service key> "svc" <serviceValues>.
*/}}

{{/* Pod-level settings; the image already runs as uid 1000, this makes Kubernetes enforce it. */}}
{{- define "vrp.podSpec" -}}
# Services never call the Kubernetes API.
automountServiceAccountToken: false
# Docker-link variables (e.g. VRP_GATEWAY_PORT=tcp://...) could shadow real settings.
enableServiceLinks: false
securityContext:
  runAsNonRoot: true
  runAsUser: 1000
  runAsGroup: 1000
  seccompProfile:
    type: RuntimeDefault
{{- with .root.Values.image.pullSecrets }}
imagePullSecrets:
  {{- toYaml . | nindent 2 }}
{{- end }}
volumes:
  # The only writable path under readOnlyRootFilesystem (npm/Prisma caches, temp files).
  - name: tmp
    emptyDir:
      sizeLimit: 64Mi
{{- end }}

{{- define "vrp.containerSecurityContext" -}}
runAsNonRoot: true
readOnlyRootFilesystem: true
allowPrivilegeEscalation: false
capabilities:
  drop: ["ALL"]
{{- end }}

{{/* Settings every service reads (and the migration Job, which loads the same config). */}}
{{- define "vrp.commonEnv" -}}
- name: VRP_ENV
  value: {{ .root.Values.environment | quote }}
- name: NATS_URL
  value: {{ .root.Values.nats.url | quote }}
{{- with .root.Values.events.stream }}
- name: EVENT_STREAM
  value: {{ . | quote }}
{{- end }}
{{- with .root.Values.events.subjectPrefix }}
- name: EVENT_SUBJECT_PREFIX
  value: {{ . | quote }}
{{- end }}
- name: LOG_LEVEL
  value: {{ .root.Values.logLevel | quote }}
{{- if .svc.database }}
- name: DATABASE_URL
  valueFrom:
    secretKeyRef:
      name: {{ .root.Values.secrets.databaseUrls.name }}
      key: {{ .name }}
{{- end }}
{{- end }}

{{/* The service's own settings: listen address and port, addresses of the services it calls, secrets, extra env. */}}
{{- define "vrp.serviceEnv" -}}
{{- $root := .root -}}
- name: {{ .svc.portEnv }}
  value: {{ .svc.port | int | quote }}
- name: METRICS_PORT
  value: {{ .svc.metricsPort | int | quote }}
- name: METRICS_HOST
  value: "0.0.0.0"
{{- with .svc.hostEnv }}
- name: {{ . }}
  value: "0.0.0.0"
{{- end }}
{{- range $callee := .svc.calls }}
{{- $target := index $root.Values.services $callee | default dict }}
{{- if not $target.urlEnv }}
{{- fail (printf "services.%s.calls names %q, which has no urlEnv in values.services" $.name $callee) }}
{{- end }}
- name: {{ $target.urlEnv }}
{{- if eq (include "vrp.enabled" (dict "root" $root "name" $callee)) "true" }}
  value: {{ printf "http://%s:%d" (include "vrp.componentName" (dict "root" $root "name" $callee)) ($target.port | int) | quote }}
{{- else }}
  value: {{ required (printf "services.%s is disabled, so services.%s.externalUrl must say where %s reaches it" $callee $callee $.name) $target.externalUrl | quote }}
{{- end }}
{{- end }}
{{- range $envName, $ref := .svc.secretEnv }}
{{- $secret := index $root.Values.secrets $ref | default dict }}
- name: {{ $envName }}
  valueFrom:
    secretKeyRef:
      name: {{ required (printf "secrets.%s.name is required (for %s)" $ref $envName) $secret.name }}
      key: {{ required (printf "secrets.%s.key is required (for %s)" $ref $envName) $secret.key }}
{{- end }}
{{- if and (eq .name "gateway") .root.Values.ingress.enabled (not (hasKey (.svc.env | default dict) "TRUST_PROXY")) }}
{{- /* Behind the Ingress every client arrives from the controller: X-Forwarded-For says who it is. */}}
- name: TRUST_PROXY
  value: {{ required "ingress.trustProxy is required with the Ingress: without it every client shares the ingress controller's address" .root.Values.ingress.trustProxy | toString | quote }}
{{- end }}
{{- range $envName, $value := .svc.env }}
- name: {{ $envName }}
  value: {{ $value | toString | quote }}
{{- end }}
{{- end }}

{{/*
Startup gives a cold start up to a minute before liveness may restart the pod. HTTP: /readyz
(dependencies reachable) gates traffic, /healthz (process alive) restarts it. gRPC: the kubelet's
native grpc.health.v1 check of the whole server; liveness tolerates longer failure than readiness
so a flapping dependency sheds traffic without a restart loop.
*/}}
{{- define "vrp.probes" -}}
{{- if eq .svc.protocol "http" -}}
startupProbe:
  httpGet:
    path: /healthz
    port: http
  periodSeconds: 2
  failureThreshold: 30
readinessProbe:
  httpGet:
    path: /readyz
    port: http
  periodSeconds: 5
  failureThreshold: 2
livenessProbe:
  httpGet:
    path: /healthz
    port: http
  periodSeconds: 10
  timeoutSeconds: 3
  failureThreshold: 6
{{- else -}}
startupProbe:
  grpc:
    port: {{ .svc.port | int }}
  periodSeconds: 2
  failureThreshold: 30
readinessProbe:
  grpc:
    port: {{ .svc.port | int }}
  periodSeconds: 5
  failureThreshold: 2
livenessProbe:
  grpc:
    port: {{ .svc.port | int }}
  periodSeconds: 10
  timeoutSeconds: 3
  failureThreshold: 6
{{- end }}
{{- end }}
