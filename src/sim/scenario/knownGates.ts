/**
 * Every feature gate name pkg/features declared in some release from 1.18 to 1.37
 * (kube_features.go and, in 1.32, versioned_kube_features.go of each release tree; 1.37's
 * kube_features.go at kubernetes/kubernetes@45b76a34, the master of 2026-07-23 after
 * v1.37.0-beta.0), with the gates the kubelet registers from component-base (ContextualLogging,
 * LoggingAlphaOptions, LoggingBetaOptions, ComponentSLIs) and client-go (WatchListClient,
 * InformerResourceVersion, ClientsAllowCBOR, ClientsPreferCBOR). A gate is named by its string,
 * which is not always its Go identifier (the identifier CPUCFSQuotaPeriod is the gate
 * "CustomCPUCFSQuotaPeriod"). A scenario's featureGates may name any of them; one that is none
 * of these is refused as the kubelet refuses it ("unrecognized feature gate").
 */
const NAMES =
  'APIListChunking APIPriorityAndFairness APIResponseCompression APISelfSubjectReview ' +
  'APIServerIdentity APIServerTracing APIServingWithRoutine AdmissionWebhookMatchConditions ' +
  'AdvancedAuditing AggregatedDiscoveryEndpoint AggregatedDiscoveryRemoveBetaType ' +
  'AllowDNSOnlyNodeCSR AllowInsecureBackendProxy ' +
  'AllowInsecureKubeletCertificateSigningRequests AllowOverwriteTerminationGracePeriodSeconds ' +
  'AllowParsingUserUIDFromCertAuth AllowServiceLBStatusOnNonLB ' +
  'AllowUnsafeMalformedObjectDeletion AnonymousAuthConfigurableEndpoints AnyVolumeDataSource ' +
  'AppArmor AppArmorFields AttachVolumeLimit AuthorizeNodeWithSelectors ' +
  'AuthorizePodWebsocketUpgradeCreatePermission AuthorizeWithSelectors ' +
  'BalanceAttachedNodeVolumes BlockVolume BoundServiceAccountTokenVolume BtreeWatchCache ' +
  'CBORServingAndStorage CustomCPUCFSQuotaPeriod CPUManager CPUManagerPolicyAlphaOptions ' +
  'CPUManagerPolicyBetaOptions CPUManagerPolicyOptions CRDObservedGenerationTracking ' +
  'CRDValidationRatcheting CRIContainerLogRotation CSIBlockVolume CSIDriverRegistry ' +
  'CSIInlineVolume CSIMigration CSIMigrationAWS CSIMigrationAWSComplete CSIMigrationAzureDisk ' +
  'CSIMigrationAzureDiskComplete CSIMigrationAzureFile CSIMigrationAzureFileComplete ' +
  'CSIMigrationGCE CSIMigrationGCEComplete CSIMigrationOpenStack ' +
  'CSIMigrationOpenStackComplete CSIMigrationPortworx CSIMigrationRBD CSIMigrationvSphere ' +
  'CSIMigrationvSphereComplete CSINodeExpandSecret CSINodeInfo CSIServiceAccountToken ' +
  'CSIServiceAccountTokenSecrets CSIStorageCapacity CSIVolumeFSGroupPolicy CSIVolumeHealth ' +
  'CSRDuration ChangeContainerStatusOnKubeletRestart ClearingNominatedNodeNameAfterBinding ' +
  'ClientsAllowCBOR ClientsPreferCBOR CloudControllerManagerWatchBasedRoutesReconciliation ' +
  'CloudControllerManagerWebhook CloudDualStackNodeIPs ClusterTrustBundle ' +
  'ClusterTrustBundleProjection ComponentFlagz ComponentSLIs ComponentStatusz ' +
  'ConcurrentWatchObjectDecode ConfigurableFSGroupPolicy ConsistentHTTPGetHandlers ' +
  'ConsistentListFromCache ConstrainedImpersonation ContainerCheckpoint ContainerRestartRules ' +
  'ContainerStopSignals ContextualLogging ControllerManagerLeaderMigration ' +
  'CoordinatedLeaderElection CronJobControllerV2 CronJobTimeZone CronJobsScheduledAnnotation ' +
  'CrossNamespaceVolumeDataSource CustomResourceFieldSelectors ' +
  'CustomResourceValidationExpressions DRAAdminAccess DRAConsumableCapacity ' +
  'DRAControlPlaneController DRADeviceBindingConditions DRADeviceTaintRules DRADeviceTaints ' +
  'DRAExtendedResource DRAPartitionableDevices DRAPrioritizedList ' +
  'DRAResourceClaimDeviceStatus DRASchedulerFilterTimeout DaemonSetUpdateSurge ' +
  'DeclarativeValidation DeclarativeValidationTakeover ' +
  'DefaultHostNetworkHostPortsInPodTemplates DefaultIngressClass DefaultPodTopologySpread ' +
  'DelegateFSGroupToCSIDriver DeploymentReplicaSetTerminatingReplicas ' +
  'DetectCacheInconsistency DevicePluginCDIDevices DevicePlugins ' +
  'DisableAcceleratorUsageMetrics DisableAllocatorDualWrite DisableCPUQuotaWithExclusiveCPUs ' +
  'DisableCloudProviders DisableKubeletCloudCredentialProviders DisableNodeKubeProxyVersion ' +
  'DownwardAPIHugePages DryRun DynamicAuditing DynamicKubeletConfig DynamicResourceAllocation ' +
  'EfficientWatchResumption ElasticIndexedJob EndpointSlice EndpointSliceNodeName ' +
  'EndpointSliceProxying EndpointSliceTerminatingCondition EnvFiles EphemeralContainers ' +
  'EvenPodsSpread EventedPLEG ExecProbeTimeout ExpandCSIVolumes ExpandInUsePersistentVolumes ' +
  'ExpandPersistentVolumes ExpandedDNSConfig ExperimentalHostUserNamespaceDefaulting ' +
  'ExternalPolicyForExternalIP ExternalServiceAccountTokenSigner GRPCContainerProbe ' +
  'GangScheduling GenericEphemeralVolume GenericWorkload GitRepoVolumeDriver ' +
  'GracefulNodeShutdown GracefulNodeShutdownBasedOnPodPriority HPAConfigurableTolerance ' +
  'HPAContainerMetrics HPAScaleToZero HonorPVReclaimPolicy HostnameOverride ' +
  'HugePageStorageMediumSize HyperVContainer IPTablesOwnershipCleanup IPv6DualStack ' +
  'IdentifyPodOS ImageMaximumGCAge ImageVolume ImmutableEphemeralVolumes ' +
  'InPlacePodLevelResourcesVerticalScaling InPlacePodVerticalScaling ' +
  'InPlacePodVerticalScalingAllocatedStatus InPlacePodVerticalScalingExclusiveCPUs ' +
  'InPlacePodVerticalScalingExclusiveMemory InTreePluginAWSUnregister ' +
  'InTreePluginAzureDiskUnregister InTreePluginAzureFileUnregister InTreePluginGCEUnregister ' +
  'InTreePluginOpenStackUnregister InTreePluginPortworxUnregister InTreePluginRBDUnregister ' +
  'InTreePluginvSphereUnregister IndexedJob InformerResourceVersion ' +
  'IngressClassNamespacedParams JobBackoffLimitPerIndex JobManagedBy ' +
  'JobMutableNodeSchedulingDirectives JobPodFailurePolicy JobPodReplacementPolicy ' +
  'JobReadyPods JobSuccessPolicy JobTrackingWithFinalizers KMSv1 KMSv2 KMSv2KDF ' +
  'KubeProxyDrainingTerminatingNodes KubeletCgroupDriverFromCRI KubeletCrashLoopBackOffMax ' +
  'KubeletCredentialProviders KubeletEnsureSecretPulledImages KubeletFineGrainedAuthz ' +
  'KubeletInUserNamespace KubeletPSI KubeletPodResources KubeletPodResourcesDynamicResources ' +
  'KubeletPodResourcesGet KubeletPodResourcesGetAllocatable ' +
  'KubeletPodResourcesListUseActivePods KubeletRegistrationGetOnExistsOnly ' +
  'KubeletSeparateDiskGC KubeletServiceAccountTokenForCredentialProviders KubeletTracing ' +
  'LegacyNodeRoleBehavior LegacyServiceAccountTokenCleanUp ' +
  'LegacyServiceAccountTokenNoAutoGeneration LegacyServiceAccountTokenTracking ' +
  'LegacySidecarContainers ListFromCacheSnapshot LoadBalancerIPMode ' +
  'LocalStorageCapacityIsolation LocalStorageCapacityIsolationFSQuotaMonitoring ' +
  'LogarithmicScaleDown LoggingAlphaOptions LoggingBetaOptions MatchLabelKeysInPodAffinity ' +
  'MatchLabelKeysInPodTopologySpread MatchLabelKeysInPodTopologySpreadSelectorMerge ' +
  'MaxUnavailableStatefulSet MemoryManager MemoryQoS MinDomainsInPodTopologySpread ' +
  'MinimizeIPTablesRestore MixedProtocolLBService MultiCIDRRangeAllocator ' +
  'MultiCIDRServiceAllocator MutableCSINodeAllocatableCount MutablePVNodeAffinity ' +
  'MutablePodResourcesForSuspendedJobs MutableSchedulingDirectivesForSuspendedJobs ' +
  'MutatingAdmissionPolicy NFTablesProxyMode NamespaceDefaultLabelName NetworkPolicyEndPort ' +
  'NetworkPolicyStatus NewVolumeManagerReconstruction NodeDeclaredFeatures ' +
  'NodeDisruptionExclusion NodeInclusionPolicyInPodTopologySpread NodeLease NodeLogQuery ' +
  'NodeOutOfServiceVolumeDetach NodeSwap NominatedNodeNameForExpectation ' +
  'NonPreemptingPriority OpenAPIEnums OpenAPIV3 OpportunisticBatching ' +
  'OrderedNamespaceDeletion PDBUnhealthyPodEvictionPolicy ' +
  'PersistentVolumeLastPhaseTransitionTime PodAffinityNamespaceSelector ' +
  'PodAndContainerStatsFromCRI PodCertificateRequest PodDeletionCost PodDisruptionBudget ' +
  'PodDisruptionConditions PodHasNetworkCondition PodHostIPs PodIndexLabel PodLevelResources ' +
  'PodLifecycleSleepAction PodLifecycleSleepActionAllowZero PodLogsQuerySplitStreams ' +
  'PodObservedGenerationTracking PodOverhead PodReadyToStartContainersCondition ' +
  'PodSchedulingReadiness PodSecurity PodShareProcessNamespace PodTopologyLabelsAdmission ' +
  'PortForwardWebsockets PreferNominatedNode PreferSameTrafficDistribution ' +
  'PreventStaticPodAPIReferences ProbeHostPodSecurityStandards ProbeTerminationGracePeriod ' +
  'ProcMountType ProxyTerminatingEndpoints QOSReserved ReadWriteOncePod ' +
  'RecoverVolumeExpansionFailure RecursiveReadOnlyMounts ReduceDefaultCrashLoopBackOffDecay ' +
  'RelaxedDNSSearchValidation RelaxedEnvironmentVariableValidation ' +
  'RelaxedServiceNameValidation ReloadKubeletServerCertificateFile RemainingItemCount ' +
  'RemoteRequestHeaderUID ResilientWatchCacheInitialization ResourceHealthStatus ' +
  'ResourceLimitsPriorityFunction RestartAllContainersOnContainerExits ' +
  'RetroactiveDefaultStorageClass RetryGenerateName RootCAConfigMap ' +
  'RotateKubeletClientCertificate RotateKubeletServerCertificate RunAsGroup RuntimeClass ' +
  'RuntimeClassInImageCriApi SCTPSupport SELinuxChangePolicy SELinuxMount ' +
  'SELinuxMountReadWriteOncePod SchedulerAsyncAPICalls SchedulerAsyncPreemption ' +
  'SchedulerPopFromBackoffQ SchedulerQueueingHints SeccompDefault SecurityContextDeny ' +
  'SeparateCacheWatchRPC SeparateTaintEvictionController ServerSideApply ' +
  'ServerSideFieldValidation ServiceAccountIssuerDiscovery ' +
  'ServiceAccountNodeAudienceRestriction ServiceAccountTokenJTI ' +
  'ServiceAccountTokenNodeBinding ServiceAccountTokenNodeBindingValidation ' +
  'ServiceAccountTokenPodNodeInfo ServiceAppProtocol ServiceIPStaticSubrange ' +
  'ServiceInternalTrafficPolicy ServiceLBNodePortControl ServiceLoadBalancerClass ' +
  'ServiceLoadBalancerFinalizer ServiceNodeExclusion ServiceNodePortStaticSubrange ' +
  'ServiceTopology ServiceTrafficDistribution SetHostnameAsFQDN SidecarContainers ' +
  'SizeBasedListCostEstimate SizeMemoryBackedVolumes SkipReadOnlyValidationGCE ' +
  'StableLoadBalancerNodeSet StartupProbe StatefulSetAutoDeletePVC StatefulSetMinReadySeconds ' +
  'StatefulSetSemanticRevisionComparison StatefulSetStartOrdinal StorageCapacityScoring ' +
  'StorageNamespaceIndex StorageObjectInUseProtection StorageVersionAPI StorageVersionHash ' +
  'StorageVersionMigrator StreamingCollectionEncodingToJSON ' +
  'StreamingCollectionEncodingToProtobuf StreamingProxyRedirects StrictCostEnforcementForVAP ' +
  'StrictCostEnforcementForWebhooks StrictIPCIDRValidation ' +
  'StructuredAuthenticationConfiguration StructuredAuthenticationConfigurationEgressSelector ' +
  'StructuredAuthenticationConfigurationJWKSMetrics StructuredAuthorizationConfiguration ' +
  'SupplementalGroupsPolicy SupportIPVSProxyMode SupportNodePidsLimit SupportPodPidsLimit ' +
  'SuspendJob Sysctls SystemdWatchdog TTLAfterFinished TaintBasedEvictions ' +
  'TaintTolerationComparisonOperators TokenRequest TokenRequestProjection ' +
  'TokenRequestServiceAccountUIDValidation TopologyAwareHints TopologyManager ' +
  'TopologyManagerPolicyAlphaOptions TopologyManagerPolicyBetaOptions ' +
  'TopologyManagerPolicyOptions TranslateStreamCloseWebsocketRequests ' +
  'UnauthenticatedHTTP2DOSMitigation UnknownVersionInteroperabilityProxy ' +
  'UserNamespacesHostNetworkSupport UserNamespacesPodSecurityStandards ' +
  'UserNamespacesStatelessPodsSupport UserNamespacesSupport ValidateProxyRedirects ' +
  'ValidatingAdmissionPolicy VolumeAttributesClass VolumeCapacityPriority VolumeLimitScaling ' +
  'VolumePVCDataSource VolumeSnapshotDataSource VolumeSubpath VolumeSubpathEnvExpansion ' +
  'WarningHeaders WatchBookmark WatchCacheInitializationPostStartHook ' +
  'WatchFromStorageWithoutResourceVersion WatchList WatchListClient WinDSR WinOverlay ' +
  'WindowsCPUAndMemoryAffinity WindowsEndpointSliceProxying WindowsGMSA ' +
  'WindowsGracefulNodeShutdown WindowsHostNetwork WindowsHostProcessContainers ' +
  'WindowsRunAsUserName ZeroLimitedNominalConcurrencyShares';

/** Declared in the 1.36 tree (read again after its copy was corrected: the list above missed them). */
const NAMES_1_36 =
  'AllowServiceExternalIPs CRIListStreaming DRAListTypeAttributes DRANodeAllocatableResources DRAResourceClaimGranularStatusAuthorization DRAResourcePoolStatus DRAWorkloadResourceClaims ExtendWebSocketsToKubelet ImageVolumeWithDigest InPlacePodVerticalScalingInitContainers PLEGOnDemandRelist PersistentVolumeClaimUnusedSinceTime PodLevelResourceManagers PodsAPI ResourceHealthStatusMessage ServiceCIDRStatusFieldWiping StaleControllerConsistencyDaemonSet StaleControllerConsistencyJob StaleControllerConsistencyReplicaSet StaleControllerConsistencyStatefulSet TopologyAwareWorkloadScheduling WorkloadAwarePreemption WorkloadWithJob csiMigrationRBD';

/** First declared in 1.37 (kube_features.go at 45b76a34, above). */
const NAMES_1_37 =
  'AtomicWriteVolumeUserFields CompositePodGroup ConsistentListFromCacheSkipTimeoutFallback DRAFractionalCapacityRange DRAPartitionableDevicesType DefaultPodSysctls EtcdRangeStream EvictionRequestAPI ExcludeAdmissionWebhookVirtualResources GRPCContainerProbeTLS H2CContainerProbe HPAGeneration HPAOptimizedSelectorStore HugepageAwareEviction InPlacePodVerticalScalingMemoryBackedVolumes InPlacePodVerticalScalingSchedulerPreemption KubeProxyIPVS KubeProxyNFTablesLocalhostNodePorts NFTablesNetlink NodeControllerLeaseCircuitBreaker NodeLifecycleConditions PodGroupPreemptionPolicy PodLevelResourcesFixDefaulting PodLevelResourcesFixKubeletQOSClass StaleControllerConsistencyHPA StatefulSetRecreateStrategy WatchListCompression WebhookRoundTripLoadBalancing';

export const KNOWN_GATES: ReadonlySet<string> = new Set(
  [NAMES, NAMES_1_36, NAMES_1_37].join(' ').split(' '),
);
