#include "tests/independent_skinning.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <unordered_map>

#include <assimp/postprocess.h>
#include <assimp/scene.h>
#include <assimp/Importer.hpp>

namespace tests {

namespace {

using Matrix = aiMatrix4x4t<double>;

// The loader's post-processing (assets/load_assimp.cpp), so vertex and face numbers match.
// aiProcess_LimitBoneWeights only rewrites bone weights, after the steps that renumber.
constexpr unsigned kLoaderFlags = aiProcess_Triangulate | aiProcess_JoinIdenticalVertices |
                                  aiProcess_GenSmoothNormals | aiProcess_SortByPType |
                                  aiProcess_ValidateDataStructure;

Matrix to_double(const aiMatrix4x4& m) {
    const auto d = [](float x) { return double(x); };
    return Matrix(d(m.a1), d(m.a2), d(m.a3), d(m.a4), d(m.b1), d(m.b2), d(m.b3), d(m.b4), d(m.c1),
                  d(m.c2), d(m.c3), d(m.c4), d(m.d1), d(m.d2), d(m.d3), d(m.d4));
}

glm::dvec3 apply(const Matrix& m, const glm::dvec3& v) {
    const double x = v.x, y = v.y, z = v.z;
    return {m.a1 * x + m.a2 * y + m.a3 * z + m.a4, m.b1 * x + m.b2 * y + m.b3 * z + m.b4,
            m.c1 * x + m.c2 * y + m.c3 * z + m.c4};
}

glm::dvec3 to_double(const aiVector3D& v) {
    return {double(v.x), double(v.y), double(v.z)};
}

/// The key pair around `ticks` by a linear scan (the last key at or before it), Assimp's
/// DEFAULT (rest value) or CONSTANT outside the keys; other behaviours are not used by the
/// test models and fail the test.
template <class Key, class Value, class Lerp>
Value sample(const Key* keys, unsigned count, double ticks, aiAnimBehaviour pre,
             aiAnimBehaviour post, Value rest, Lerp lerp) {
    if (count == 0) return rest;
    if (count == 1) return keys[0].mValue;
    for (aiAnimBehaviour b : {pre, post})
        if (b != aiAnimBehaviour_DEFAULT && b != aiAnimBehaviour_CONSTANT)
            throw std::runtime_error("independent_skinning: unsupported pre/post state");
    if (ticks < keys[0].mTime) return pre == aiAnimBehaviour_DEFAULT ? rest : keys[0].mValue;
    if (ticks > keys[count - 1].mTime)
        return post == aiAnimBehaviour_DEFAULT ? rest : keys[count - 1].mValue;
    unsigned k = 0;
    while (k + 1 < count && keys[k + 1].mTime <= ticks)
        ++k;
    if (k + 1 == count) return keys[k].mValue;
    const double span = keys[k + 1].mTime - keys[k].mTime;
    const double f = span > 0.0 ? (ticks - keys[k].mTime) / span : 0.0;
    return lerp(keys[k].mValue, keys[k + 1].mValue, f);
}

aiMatrix4x4 animated_local(const aiNode& node, const aiNodeAnim* channel, double ticks) {
    if (channel == nullptr) return node.mTransformation;
    aiVector3D rest_scale, rest_position;
    aiQuaternion rest_rotation;
    node.mTransformation.Decompose(rest_scale, rest_rotation, rest_position);
    const auto lerp = [](const aiVector3D& a, const aiVector3D& b, double f) {
        return a + (b - a) * float(f);
    };
    const auto slerp = [](const aiQuaternion& a, const aiQuaternion& b, double f) {
        aiQuaternion out;
        aiQuaternion::Interpolate(out, a, b, float(f));
        return out.Normalize();
    };
    const aiVector3D position =
        sample(channel->mPositionKeys, channel->mNumPositionKeys, ticks, channel->mPreState,
               channel->mPostState, rest_position, lerp);
    aiQuaternion rotation = sample(channel->mRotationKeys, channel->mNumRotationKeys, ticks,
                                   channel->mPreState, channel->mPostState, rest_rotation, slerp);
    rotation.Normalize();
    const aiVector3D scale = sample(channel->mScalingKeys, channel->mNumScalingKeys, ticks,
                                    channel->mPreState, channel->mPostState, rest_scale, lerp);
    // translation * rotation * scale, as Decompose() splits it. Not the aiMatrix4x4(scale,
    // rotation, position) constructor: Assimp 5.2's scales the rows (scale after rotation),
    // which differs under non-uniform scale (ASE/anim.ASE at 0 s would miss its own rest
    // transform).
    aiMatrix4x4 translation, scaling;
    aiMatrix4x4::Translation(position, translation);
    aiMatrix4x4::Scaling(scale, scaling);
    return translation * aiMatrix4x4(rotation.GetMatrix()) * scaling;
}

struct Globals {
    std::unordered_map<std::string, Matrix> by_name;  // first node of a name wins
    std::vector<std::pair<const aiNode*, Matrix>> in_order;
};

void collect(const aiNode& node, const Matrix& parent, const aiAnimation* animation, double ticks,
             Globals& globals) {
    const aiNodeAnim* channel = nullptr;
    for (unsigned c = 0; animation != nullptr && c < animation->mNumChannels; ++c)
        if (animation->mChannels[c]->mNodeName == node.mName) {
            channel = animation->mChannels[c];
            break;
        }
    const Matrix global = parent * to_double(animated_local(node, channel, ticks));
    globals.by_name.try_emplace(node.mName.C_Str(), global);
    globals.in_order.emplace_back(&node, global);
    for (unsigned c = 0; c < node.mNumChildren; ++c)
        collect(*node.mChildren[c], global, animation, ticks, globals);
}

}  // namespace

BruteForceOracle skinned_oracle_from_file(const std::string& path, double seconds,
                                          Influences influences) {
    Assimp::Importer importer;
    importer.SetPropertyInteger(AI_CONFIG_PP_SBP_REMOVE,
                                aiPrimitiveType_POINT | aiPrimitiveType_LINE);
    const aiScene* scene = importer.ReadFile(
        path,
        kLoaderFlags | (influences == Influences::FourHeaviest ? aiProcess_LimitBoneWeights : 0u));
    if (scene == nullptr || scene->mRootNode == nullptr)
        throw std::runtime_error(path + ": " + importer.GetErrorString());

    const aiAnimation* animation = scene->mNumAnimations > 0 ? scene->mAnimations[0] : nullptr;
    double ticks = 0.0;
    if (animation != nullptr) {
        const double per_second =
            animation->mTicksPerSecond > 0.0 ? animation->mTicksPerSecond : 25.0;
        ticks = seconds * per_second;
        if (animation->mDuration > 0.0) ticks = std::fmod(ticks, animation->mDuration);
    }
    Globals globals;
    collect(*scene->mRootNode, Matrix(), animation, ticks, globals);

    // Per mesh: its vertices in world space (skinned), or nothing when each node places it.
    std::vector<std::vector<glm::dvec3>> skinned(scene->mNumMeshes);
    std::vector<std::uint32_t> drawing_node(scene->mNumMeshes, ~0u);
    for (std::uint32_t n = 0; n < globals.in_order.size(); ++n)
        for (unsigned i = 0; i < globals.in_order[n].first->mNumMeshes; ++i) {
            const unsigned m = globals.in_order[n].first->mMeshes[i];
            if (drawing_node[m] == ~0u) drawing_node[m] = n;
        }
    // Morph targets first (their weights from the channel of the node that draws the mesh),
    // as replacement vertices blended over the base: p = base + sum w_i (target_i - base).
    std::vector<std::vector<glm::dvec3>> base(scene->mNumMeshes);
    for (unsigned m = 0; m < scene->mNumMeshes; ++m) {
        const aiMesh& mesh = *scene->mMeshes[m];
        for (unsigned v = 0; v < mesh.mNumVertices; ++v)
            base[m].push_back(to_double(mesh.mVertices[v]));
        if (mesh.mNumAnimMeshes == 0 || drawing_node[m] == ~0u) continue;
        std::vector<double> weights(mesh.mNumAnimMeshes);
        for (unsigned a = 0; a < mesh.mNumAnimMeshes; ++a)
            weights[a] = double(mesh.mAnimMeshes[a]->mWeight);
        const aiString& node_name = globals.in_order[drawing_node[m]].first->mName;
        for (unsigned c = 0; animation != nullptr && c < animation->mNumMorphMeshChannels; ++c) {
            const aiMeshMorphAnim& channel = *animation->mMorphMeshChannels[c];
            if (channel.mName != node_name || channel.mNumKeys == 0) continue;
            unsigned k = 0;
            while (k + 1 < channel.mNumKeys && channel.mKeys[k + 1].mTime <= ticks)
                ++k;
            const aiMeshMorphKey& a = channel.mKeys[k];
            const aiMeshMorphKey& b = channel.mKeys[std::min(k + 1, channel.mNumKeys - 1)];
            const double span = b.mTime - a.mTime;
            const double f = span > 0.0 ? std::clamp((ticks - a.mTime) / span, 0.0, 1.0) : 0.0;
            std::fill(weights.begin(), weights.end(), 0.0);
            for (unsigned i = 0; i < a.mNumValuesAndWeights; ++i)
                if (a.mValues[i] < weights.size())
                    weights[a.mValues[i]] += (1.0 - f) * a.mWeights[i];
            for (unsigned i = 0; i < b.mNumValuesAndWeights; ++i)
                if (b.mValues[i] < weights.size()) weights[b.mValues[i]] += f * b.mWeights[i];
        }
        for (unsigned v = 0; v < mesh.mNumVertices; ++v)
            for (unsigned a = 0; a < mesh.mNumAnimMeshes; ++a)
                base[m][v] += weights[a] * (to_double(mesh.mAnimMeshes[a]->mVertices[v]) -
                                            to_double(mesh.mVertices[v]));
    }

    for (unsigned m = 0; m < scene->mNumMeshes; ++m) {
        const aiMesh& mesh = *scene->mMeshes[m];
        if (mesh.mNumFaces == 0) throw std::runtime_error(path + ": a mesh without triangles");
        if (mesh.mNumBones == 0 || drawing_node[m] == ~0u) continue;
        std::vector<glm::dvec3> sum(mesh.mNumVertices, glm::dvec3(0.0));
        std::vector<double> weight(mesh.mNumVertices, 0.0);
        for (unsigned b = 0; b < mesh.mNumBones; ++b) {
            const aiBone& bone = *mesh.mBones[b];
            const auto global = globals.by_name.find(bone.mName.C_Str());
            if (global == globals.by_name.end()) continue;
            const Matrix m_bone = global->second * to_double(bone.mOffsetMatrix);
            for (unsigned w = 0; w < bone.mNumWeights; ++w) {
                const aiVertexWeight& vw = bone.mWeights[w];
                if (!std::isfinite(vw.mWeight) || !(vw.mWeight > 0.0f)) continue;
                sum[vw.mVertexId] += double(vw.mWeight) * apply(m_bone, base[m][vw.mVertexId]);
                weight[vw.mVertexId] += double(vw.mWeight);
            }
        }
        const Matrix& mesh_node = globals.in_order[drawing_node[m]].second;
        skinned[m].resize(mesh.mNumVertices);
        for (unsigned v = 0; v < mesh.mNumVertices; ++v)
            skinned[m][v] = weight[v] > 0.0 ? sum[v] / weight[v] : apply(mesh_node, base[m][v]);
    }

    BruteForceOracle oracle;
    for (std::uint32_t n = 0; n < globals.in_order.size(); ++n) {
        const aiNode* node = globals.in_order[n].first;
        const Matrix& global = globals.in_order[n].second;
        for (unsigned i = 0; i < node->mNumMeshes; ++i) {
            const unsigned m = node->mMeshes[i];
            const aiMesh& mesh = *scene->mMeshes[m];
            const auto world = [&](unsigned v) {
                return skinned[m].empty() ? apply(global, base[m][v]) : skinned[m][v];
            };
            std::uint32_t triangle = 0;
            for (unsigned f = 0; f < mesh.mNumFaces; ++f) {
                const aiFace& face = mesh.mFaces[f];
                if (face.mNumIndices != 3) continue;
                oracle.add(world(face.mIndices[0]), world(face.mIndices[1]),
                           world(face.mIndices[2]), m, n, triangle++);
            }
        }
    }
    return oracle;
}

BruteForceOracle skinned_oracle_from_authored(
    const assets::Scene& scene, const std::vector<glm::mat4>& world_from_node,
    const std::vector<assets::AuthoredInfluences>& authored, std::size_t keep_heaviest) {
    BruteForceOracle oracle;
    std::vector<std::pair<std::uint32_t, double>> list;
    for (const assets::MeshInstance& instance : scene.instances()) {
        const assets::MeshData& mesh = scene.meshes[instance.mesh];
        const glm::dmat4 node_world(world_from_node[instance.node]);
        const bool skinned = instance.mesh < authored.size() && !authored[instance.mesh].empty();
        std::vector<glm::dvec3> world(mesh.positions.size());
        for (std::size_t v = 0; v < mesh.positions.size(); ++v) {
            const glm::dvec4 p(glm::dvec3(mesh.positions[v]), 1.0);
            list.clear();
            if (skinned)
                for (const auto& [joint, weight] : authored[instance.mesh].at(v))
                    if (std::isfinite(weight) && weight > 0.0f) list.emplace_back(joint, weight);
            if (keep_heaviest > 0 && list.size() > keep_heaviest) {
                std::sort(list.begin(), list.end(), [](const auto& a, const auto& b) {
                    return a.second != b.second ? a.second > b.second : a.first < b.first;
                });
                list.resize(keep_heaviest);
            }
            glm::dvec3 sum(0.0);
            double total = 0.0;
            for (const auto& [joint, weight] : list) {
                const assets::SkinJoint& j = mesh.skin.joints.at(joint);
                sum += weight * glm::dvec3(glm::dmat4(world_from_node[j.node]) *
                                           (glm::dmat4(j.bone_from_mesh) * p));
                total += weight;
            }
            world[v] = total > 0.0 ? sum / total : glm::dvec3(node_world * p);
        }
        for (std::uint32_t t = 0; t < mesh.triangle_count(); ++t)
            oracle.add(world[mesh.indices[3 * t]], world[mesh.indices[3 * t + 1]],
                       world[mesh.indices[3 * t + 2]], instance.mesh, instance.node, t);
    }
    return oracle;
}

BruteForceOracle skinned_oracle_from_scene(const assets::Scene& scene,
                                           const std::vector<glm::mat4>& world_from_node) {
    // The skin's arrays as they are: four per vertex, then the overflow's range.
    std::vector<assets::AuthoredInfluences> stored(scene.meshes.size());
    for (std::size_t m = 0; m < scene.meshes.size(); ++m) {
        const assets::MeshSkin& skin = scene.meshes[m].skin;
        if (skin.empty()) continue;
        stored[m].resize(skin.vertex_weights.size());
        for (std::size_t v = 0; v < skin.vertex_weights.size(); ++v) {
            for (int k = 0; k < 4; ++k)
                stored[m][v].emplace_back(skin.vertex_joints[v][k], skin.vertex_weights[v][k]);
            if (skin.extra_begin.empty()) continue;
            for (std::uint32_t i = skin.extra_begin.at(v); i < skin.extra_begin.at(v + 1); ++i)
                stored[m][v].emplace_back(skin.extra_influences.at(i).joint,
                                          skin.extra_influences.at(i).weight);
        }
    }
    return skinned_oracle_from_authored(scene, world_from_node, stored);
}

}  // namespace tests
