{{/*
Names, labels, the per-service context, and the ONE Deployment / Service / PDB template every
service is instantiated from (templates/services.yaml loops over .Values.services). The
services share one shape, so per-service manifests would only be near-copies that drift.
Pod-level pieces (env, probes, security) live in _pod.tpl.
*/}}

{{- define "vrp.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" }}
{{- end }}

{{- define "vrp.fullname" -}}
{{- if .Values.fullnameOverride }}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- $name := default .Chart.Name .Values.nameOverride }}
{{- if contains $name .Release.Name }}
{{- .Release.Name | trunc 63 | trimSuffix "-" }}
{{- else }}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" }}
{{- end }}
{{- end }}
{{- end }}

{{/* Object name of service `name` (a string); also its DNS name inside the namespace. */}}
{{- define "vrp.componentName" -}}
{{- printf "%s-%s" (include "vrp.fullname" .root) .name | trunc 63 | trimSuffix "-" }}
{{- end }}

{{/*
A service's values: serviceDefaults overlaid with its own block, as YAML (callers fromYaml it).
Context: dict "root" $ "name" <service key>.
*/}}
{{- define "vrp.serviceValues" -}}
{{- $own := index .root.Values.services .name | default dict }}
{{- mergeOverwrite (deepCopy .root.Values.serviceDefaults) (deepCopy $own) | toYaml }}
{{- end }}

{{/* "true" when the service is part of the platform: an explicit enabled wins, null means "sandbox only". */}}
{{- define "vrp.enabled" -}}
{{- $own := index .root.Values.services .name | default dict }}
{{- if kindIs "bool" $own.enabled }}{{ $own.enabled }}{{ else }}{{ eq .root.Values.environment "sandbox" }}{{ end }}
{{- end }}

{{/*
"true" when this release deploys the service: it is enabled and, when `only` names one service
(one release per service, so each ships alone), it is that one. Its callees are still reached
at their usual names, deployed by their own releases.
*/}}
{{- define "vrp.inRelease" -}}
{{- and (eq (include "vrp.enabled" .) "true") (or (not .root.Values.only) (eq .root.Values.only .name)) }}
{{- end }}

{{- define "vrp.selectorLabels" -}}
app.kubernetes.io/name: {{ include "vrp.name" .root }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/component: {{ .name }}
{{- end }}

{{- define "vrp.labels" -}}
{{ include "vrp.selectorLabels" . }}
app.kubernetes.io/part-of: vrp
app.kubernetes.io/version: {{ (ternary (include "vrp.serviceVersion" .) (include "vrp.imageTag" .root) (hasKey . "svc")) | quote }}
app.kubernetes.io/managed-by: {{ .root.Release.Service }}
helm.sh/chart: {{ printf "%s-%s" .root.Chart.Name .root.Chart.Version | replace "+" "_" }}
vrp.dev/environment: {{ .root.Values.environment }}
{{- end }}

{{- define "vrp.imageTag" -}}
{{- .Values.image.tag | default .Chart.AppVersion }}
{{- end }}

{{/*
A service's image: services.<name>.image.repository (default <image.registry>/<name>), its tag
(default image.tag, then the chart's appVersion) and, when set, its digest, which pins the image
(`repo:tag@sha256:…`: the tag stays for people, the digest is what the kubelet pulls).
Context: dict "root" $ "name" <key> "svc" <serviceValues>.
*/}}
{{- define "vrp.image" -}}
{{- $img := .svc.image | default dict }}
{{- $repo := $img.repository | default (printf "%s/%s" (trimSuffix "/" .root.Values.image.registry) .name) }}
{{- $tag := $img.tag | default (include "vrp.imageTag" .root) }}
{{- if $img.digest }}
{{- if not (hasPrefix "sha256:" $img.digest) }}{{ fail (printf "services.%s.image.digest must start with sha256:" .name) }}{{ end }}
{{- printf "%s:%s@%s" $repo $tag $img.digest }}
{{- else }}
{{- printf "%s:%s" $repo $tag }}
{{- end }}
{{- end }}

{{/*
The tools image a service's migration Job runs: migrations.image.repository (default
<image.registry>/tools) at migrations.image.tag, by default the service's own tag, so the Job
applies the migrations that service version was built with. Context as for vrp.image.
*/}}
{{- define "vrp.toolsImage" -}}
{{- $img := .root.Values.migrations.image | default dict }}
{{- $repo := $img.repository | default (printf "%s/tools" (trimSuffix "/" .root.Values.image.registry)) }}
{{- $tag := $img.tag | default (include "vrp.serviceVersion" .) }}
{{- if $img.digest }}
{{- if not (hasPrefix "sha256:" $img.digest) }}{{ fail "migrations.image.digest must start with sha256:" }}{{ end }}
{{- printf "%s:%s@%s" $repo $tag $img.digest }}
{{- else }}
{{- printf "%s:%s" $repo $tag }}
{{- end }}
{{- end }}

{{/* Labels of the operator shell (templates/operator-shell.yaml); the mandate service admits it. */}}
{{- define "vrp.operatorShellLabels" -}}
app.kubernetes.io/name: {{ include "vrp.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/component: tools
app.kubernetes.io/part-of: vrp
{{- end }}

{{/* The version label of a service: its own tag when it has one. */}}
{{- define "vrp.serviceVersion" -}}
{{- $img := .svc.image | default dict }}
{{- $img.tag | default (include "vrp.imageTag" .root) }}
{{- end }}

{{/* The per-service Deployment. Context: dict "root" $ "name" <key> "svc" <serviceValues>. */}}
{{- define "vrp.deployment" -}}
apiVersion: apps/v1
kind: Deployment
metadata:
  name: {{ include "vrp.componentName" . }}
  labels:
    {{- include "vrp.labels" . | nindent 4 }}
spec:
  {{- if not .svc.autoscaling.enabled }}
  replicas: {{ .svc.replicas | int }}
  {{- end }}
  revisionHistoryLimit: 5
  selector:
    matchLabels:
      {{- include "vrp.selectorLabels" . | nindent 6 }}
  strategy:
    type: RollingUpdate
    # Never below the desired count while the new version proves ready.
    rollingUpdate:
      maxSurge: 1
      maxUnavailable: 0
  template:
    metadata:
      labels:
        {{- include "vrp.labels" . | nindent 8 }}
      {{- with .svc.podAnnotations }}
      annotations:
        {{- toYaml . | nindent 8 }}
      {{- end }}
    spec:
      serviceAccountName: {{ include "vrp.componentName" . }}
      {{- include "vrp.podSpec" . | nindent 6 }}
      containers:
        - name: {{ .name }}
          image: {{ include "vrp.image" . }}
          imagePullPolicy: {{ .root.Values.image.pullPolicy }}
          ports:
            - name: {{ .svc.protocol }}
              containerPort: {{ .svc.port | int }}
              protocol: TCP
            - name: metrics
              containerPort: {{ .svc.metricsPort | int }}
              protocol: TCP
          env:
            {{- include "vrp.commonEnv" . | nindent 12 }}
            {{- include "vrp.serviceEnv" . | nindent 12 }}
          {{- include "vrp.probes" . | nindent 10 }}
          lifecycle:
            preStop:
              exec:
                command: ["sleep", "{{ .svc.preStopSleepSeconds | int }}"]
          resources:
            {{- toYaml .svc.resources | nindent 12 }}
          securityContext:
            {{- include "vrp.containerSecurityContext" . | nindent 12 }}
          volumeMounts:
            - name: tmp
              mountPath: /tmp
            {{- with .svc.credentials }}
            - name: credentials
              mountPath: {{ .mountPath }}
              readOnly: true
            {{- end }}
      terminationGracePeriodSeconds: {{ .svc.terminationGracePeriodSeconds | int }}
      topologySpreadConstraints:
        # Spread replicas over nodes so the PDB protects something; soft, so small clusters still schedule.
        - maxSkew: 1
          topologyKey: kubernetes.io/hostname
          whenUnsatisfiable: ScheduleAnyway
          labelSelector:
            matchLabels:
              {{- include "vrp.selectorLabels" . | nindent 14 }}
      {{- with .svc.nodeSelector }}
      nodeSelector:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      {{- with .svc.tolerations }}
      tolerations:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      {{- with .svc.affinity }}
      affinity:
        {{- toYaml . | nindent 8 }}
      {{- end }}
{{- end }}

{{/*
The per-service Service. gRPC clients hold one long-lived HTTP/2 connection, which a ClusterIP
balances per connection, not per call: use a mesh or client-side balancing to spread calls.
*/}}
{{- define "vrp.service" -}}
apiVersion: v1
kind: Service
metadata:
  name: {{ include "vrp.componentName" . }}
  labels:
    {{- include "vrp.labels" . | nindent 4 }}
spec:
  type: ClusterIP
  {{- if eq .svc.protocol "grpc" }}
  {{- /* Headless: the name resolves to every ready pod, and callers balance their calls over them (one HTTP/2 connection per pod, re-resolved every 10 s). */}}
  clusterIP: None
  {{- end }}
  selector:
    {{- include "vrp.selectorLabels" . | nindent 4 }}
  ports:
    - name: {{ .svc.protocol }}
      port: {{ .svc.port | int }}
      targetPort: {{ .svc.protocol }}
      protocol: TCP
      appProtocol: {{ .svc.protocol }}
    - name: metrics
      port: {{ .svc.metricsPort | int }}
      targetPort: metrics
      protocol: TCP
      appProtocol: http
{{- end }}

{{/* One ServiceAccount per service, with no API token mounted: services never call the Kubernetes API. */}}
{{- define "vrp.serviceAccount" -}}
apiVersion: v1
kind: ServiceAccount
metadata:
  name: {{ include "vrp.componentName" . }}
  labels:
    {{- include "vrp.labels" . | nindent 4 }}
  {{- with .svc.serviceAccount.annotations }}
  annotations:
    {{- toYaml . | nindent 4 }}
  {{- end }}
automountServiceAccountToken: false
{{- end }}

{{/* CPU-based autoscaling between minReplicas and maxReplicas (the Deployment then leaves replicas to it). */}}
{{- define "vrp.hpa" -}}
apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: {{ include "vrp.componentName" . }}
  labels:
    {{- include "vrp.labels" . | nindent 4 }}
spec:
  scaleTargetRef:
    apiVersion: apps/v1
    kind: Deployment
    name: {{ include "vrp.componentName" . }}
  minReplicas: {{ .svc.autoscaling.minReplicas | int }}
  maxReplicas: {{ .svc.autoscaling.maxReplicas | int }}
  metrics:
    - type: Resource
      resource:
        name: cpu
        target:
          type: Utilization
          averageUtilization: {{ .svc.autoscaling.targetCPUUtilizationPercentage | int }}
{{- end }}

{{/* Voluntary disruptions (node drains) take at most maxUnavailable pods of a service at once. */}}
{{- define "vrp.pdb" -}}
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata:
  name: {{ include "vrp.componentName" . }}
  labels:
    {{- include "vrp.labels" . | nindent 4 }}
spec:
  maxUnavailable: {{ .svc.pdb.maxUnavailable }}
  selector:
    matchLabels:
      {{- include "vrp.selectorLabels" . | nindent 6 }}
{{- end }}
